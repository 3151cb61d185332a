import type { Database } from '../../platform/db';

export type DemoSeedResult = { logins: string[] };

/**
 * Demo data for a fresh database. The foundation has content only; companies, users and cards
 * arrive with the identity and cards modules and are built from the same factories as the tests.
 */
export async function seedDemo(_database: Database): Promise<DemoSeedResult> {
  return { logins: ['(sign-in arrives with the identity module)'] };
}
