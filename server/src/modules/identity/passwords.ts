import { hash, verify } from '@node-rs/argon2';
import {
  COMMON_PASSWORDS_REFUSED,
  passwordProblems,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordRule,
} from '@tessera/domain';
import { AppError, type FieldProblem, type ValidationKey } from '../../platform/errors';

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

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The most common passwords, lower-cased (ADR 033): the first COMMON_PASSWORDS_REFUSED of the
 * ranked list `@zxcvbn-ts/language-common` ships (MIT; drawn from leaked-password corpora, most
 * frequent first). Loaded once, at the first password that is set, not at start: a server that
 * never sets a password never holds the 49,000 words.
 */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .slice(0, COMMON_PASSWORDS_REFUSED)
          .map((word) => word.toLocaleLowerCase('en')),
      ),
  );
  return commonPasswords;
}

/** Whether `password` is one of the most common ones, whatever its letter case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLocaleLowerCase('en'));
}

/** The field message of each broken rule, most basic first (the first one is shown). */
const RULE_MESSAGES: Record<PasswordRule, { key: ValidationKey; params?: Record<string, number> }> = {
  minLength: { key: 'passwordTooShort', params: { min: PASSWORD_MIN_LENGTH } },
  maxLength: { key: 'passwordTooLong', params: { max: PASSWORD_MAX_LENGTH } },
  notEmail: { key: 'passwordContainsEmail' },
  notCommon: { key: 'passwordCommon' },
};

/**
 * Throws WEAK_PASSWORD naming `field` when `password` breaks the policy of domain/identity.ts
 * (ADR 033): length in code points, the account's `email`, the common-password list. Applied only
 * where a password is set, never at sign-in.
 */
export async function assertStrongPassword(
  password: string,
  field: string,
  email?: string | null,
): Promise<void> {
  const common = await loadCommonPasswords();
  const problems = passwordProblems(password, {
    email,
    isCommon: (candidate) => common.has(candidate.toLocaleLowerCase('en')),
  });
  const [first] = problems;
  if (!first) return;
  const fields: FieldProblem[] = [{ field, ...RULE_MESSAGES[first] }];
  throw new AppError('WEAK_PASSWORD', `password breaks ${problems.join(', ')}`, { fields });
}
