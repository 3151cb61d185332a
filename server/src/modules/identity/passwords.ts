import { hash, verify } from '@node-rs/argon2';
import { passwordProblems, PASSWORD_MIN_LENGTH } from '@tessera/domain';
import { AppError, type FieldProblem } from '../../platform/errors';

/**
 * argon2id with the OWASP-recommended baseline (19 MiB, 2 passes, 1 lane; ARCHITECTURE §7).
 * `2` is `Algorithm.Argon2id`, a const enum that isolated modules cannot import.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS as Parameters<typeof hash>[1]);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against its hash. Without a hash (unknown user, or one who never set a
 * password) a dummy hash is verified anyway, so the answer takes as long either way.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('tessera-dummy-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** Throws WEAK_PASSWORD naming `field` when `password` breaks a rule of domain/identity.ts. */
export function assertStrongPassword(password: string, field: string): void {
  const problems = passwordProblems(password);
  if (problems.length === 0) return;
  const fields: FieldProblem[] = problems.includes('minLength')
    ? [{ field, key: 'tooShort', params: { min: PASSWORD_MIN_LENGTH } }]
    : [{ field, key: 'invalidValue' }];
  throw new AppError('WEAK_PASSWORD', `password breaks ${problems.join(', ')}`, { fields });
}
