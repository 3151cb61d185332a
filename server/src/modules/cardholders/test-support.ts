import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { mailOutbox } from '../../platform/schema';

/** The subjects of the code mail in both languages, ending in the code. */
const SUBJECT = '(Tessera sign-in code|κωδικός σύνδεσης Tessera): [0-9]{6}$';

/**
 * For tests and the e2e journey: the latest sign-in code mailed to `email`, read from the mail
 * outbox (every mail is kept there, SMTP or not), or null when none was sent. The code is the six
 * digits of the subject (`… code: 123456` / `…: 123456`).
 */
export async function latestSignInCode(db: Db, email: string): Promise<string | null> {
  const [mail] = await db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email.trim().toLowerCase()), sql`${mailOutbox.subject} ~ ${SUBJECT}`))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail ? (/(\d{6})\s*$/.exec(mail.subject)?.[1] ?? null) : null;
}
