import { and, asc, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { trustedDevices, userRecoveryCodes, userSecondFactors } from './schema';

/** The SQL of the second factor (issue 21, ADR 031). Every function takes the executor first. */

export type SecondFactorRow = typeof userSecondFactors.$inferSelect;
export type TrustedDeviceRow = typeof trustedDevices.$inferSelect;

export async function findSecondFactor(db: Executor, userId: string): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId));
  return row;
}

/** A new (not yet enrolled) secret replaces whatever the user had. */
export async function upsertSecondFactor(
  db: Executor,
  row: { userId: string; secretCiphertext: string; enrolledAt: Date | null },
): Promise<void> {
  await db
    .insert(userSecondFactors)
    .values({ ...row, lastUsedStep: null })
    .onConflictDoUpdate({
      target: userSecondFactors.userId,
      set: { secretCiphertext: row.secretCiphertext, enrolledAt: row.enrolledAt, lastUsedStep: null },
    });
}

/**
 * Records `step` as the last used one, in one statement: of two concurrent uses of the same code
 * only one gets a row back (replay).
 */
export async function claimTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userSecondFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userSecondFactors.userId, userId),
        or(isNull(userSecondFactors.lastUsedStep), lt(userSecondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userSecondFactors.userId });
  return rows.length === 1;
}

export async function markSecondFactorEnrolled(db: Executor, userId: string, at: Date): Promise<void> {
  await db.update(userSecondFactors).set({ enrolledAt: at }).where(eq(userSecondFactors.userId, userId));
}

export async function deleteSecondFactor(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .delete(userSecondFactors)
    .where(eq(userSecondFactors.userId, userId))
    .returning({ userId: userSecondFactors.userId });
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Spends a recovery code once: of two concurrent uses only one gets a row back. */
export async function consumeRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.total ?? 0;
}

// ---------------------------------------------------------------- remembered devices

export async function insertTrustedDevice(
  db: Executor,
  row: { userId: string; tokenHash: string; userAgent: string; createdAt: Date; expiresAt: Date },
): Promise<TrustedDeviceRow> {
  const [inserted] = await db.insert(trustedDevices).values(row).returning();
  return inserted!;
}

/** A live device of the user by its token hash (not revoked, not expired), its use recorded. */
export async function useTrustedDevice(
  db: Executor,
  userId: string,
  tokenHash: string,
  at: Date,
): Promise<TrustedDeviceRow | undefined> {
  const [row] = await db
    .update(trustedDevices)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.tokenHash, tokenHash),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, at),
      ),
    )
    .returning();
  return row;
}

export async function listTrustedDevices(
  db: Executor,
  userId: string,
  at: Date,
): Promise<TrustedDeviceRow[]> {
  return db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, at),
      ),
    )
    .orderBy(asc(trustedDevices.createdAt));
}

/** Revokes one device of the user (`deviceId`) or all of them; returns how many. */
export async function revokeTrustedDevices(
  db: Executor,
  userId: string,
  at: Date,
  deviceId?: string,
): Promise<number> {
  const rows = await db
    .update(trustedDevices)
    .set({ revokedAt: at })
    .where(
      and(
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
        ...(deviceId ? [eq(trustedDevices.id, deviceId)] : []),
      ),
    )
    .returning({ id: trustedDevices.id });
  return rows.length;
}
