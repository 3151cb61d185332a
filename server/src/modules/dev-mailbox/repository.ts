import { desc } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { mailOutbox } from '../../platform/schema';

/** The latest emails of the outbox, newest first. */
export async function latestMails(db: Executor, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
