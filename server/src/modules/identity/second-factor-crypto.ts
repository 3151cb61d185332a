import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { TOTP_PARAMETERS } from '../../db/seed/demo-second-factor';

/**
 * The cryptography of the second factor (issue 21, ADR 031): TOTP of RFC 6238 with SHA-1, six digits
 * and 30-second steps, accepting one step either side; the secret encrypted at rest with
 * AES-256-GCM; recovery codes kept as an HMAC (they are random, so no slow hash is needed).
 */
export { TOTP_PARAMETERS };

/** Steps either side of the current one that a code may come from (clock drift of the phone). */
export const TOTP_WINDOW = 1;

/** The 256-bit key of the second factor, derived from the session secret (nothing else to configure). */
export function secondFactorKey(sessionSecret: string): Buffer {
  return createHash('sha256').update(`${sessionSecret}:second-factor`).digest();
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url) of a base32 secret. */
export function encryptTotpSecret(key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

export function decryptTotpSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('unknown second factor format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpOf(base32: string, label: string): TOTP {
  return new TOTP({ ...TOTP_PARAMETERS, label, secret: Secret.fromBase32(base32) });
}

/** The 30-second step of a moment. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PARAMETERS.period);
}

/**
 * The step a code belongs to, when it is valid at `at` (one step either side) and later than
 * `lastUsedStep` (a code is used once: the same or an earlier step is a replay); else null.
 */
export function acceptedTotpStep(
  base32: string,
  code: string,
  at: Date,
  lastUsedStep: number | null,
): number | null {
  const delta = totpOf(base32, 'check').validate({
    token: code,
    timestamp: at.getTime(),
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  const step = totpStep(at) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten fresh recovery codes `xxxx-xxxx-xx` (10 characters of 31: about 49 bits each). */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function hashRecoveryCode(key: Buffer, code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHmac('sha256', key).update(`recovery:${normalised}`).digest('hex');
}

/** A remembered device's random token and the hash the table keeps. */
export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
