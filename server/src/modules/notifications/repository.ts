import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { notificationReads } from './schema';

export type { Executor };

export async function findReads(
  db: Executor,
  userId: string,
): Promise<{ notificationId: string; readAt: Date }[]> {
  return db
    .select({ notificationId: notificationReads.notificationId, readAt: notificationReads.readAt })
    .from(notificationReads)
    .where(eq(notificationReads.userId, userId));
}

/** Marks notifications read now (a service notification read again later moves its time on). */
export async function upsertReads(db: Executor, userId: string, ids: string[], at: Date): Promise<void> {
  await db
    .insert(notificationReads)
    .values(ids.map((notificationId) => ({ userId, notificationId, readAt: at })))
    .onConflictDoUpdate({
      target: [notificationReads.userId, notificationReads.notificationId],
      set: { readAt: at },
    });
}
