import { describe, expect, it } from 'vitest';
import {
  containsEmail,
  isStrongPassword,
  NewPasswordSchema,
  passwordProblems,
  SessionResponseSchema,
} from './identity';

describe('password rules (ADR 033: ASVS level 2, at least 12 characters, no composition rules)', () => {
  it.each([
    ['Tessera-2026', []],
    ['Κωδικός2026x', []],
    ['onlyletterslong', []],
    ['123456789012', []],
    ['correct horse', []],
    ['short-pass1', ['minLength']],
    ['', ['minLength']],
    ['x'.repeat(129), ['maxLength']],
  ])('%s breaks %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
    expect(isStrongPassword(password)).toBe(problems.length === 0);
    expect(NewPasswordSchema.safeParse(password).success).toBe(problems.length === 0);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(passwordProblems('αβγδεζηθικλ')).toEqual(['minLength']);
    expect(passwordProblems('αβγδεζηθικλμ')).toEqual([]);
    // 11 emoji are 22 UTF-16 units but 11 characters; 128 of them are still within the bound.
    expect(passwordProblems('🔑'.repeat(11))).toEqual(['minLength']);
    expect(passwordProblems('🔑'.repeat(128))).toEqual([]);
  });

  it('refuses the email address and any password containing its local part', () => {
    const email = 'Maria.Papadopoulou@example.gr';
    expect(passwordProblems('maria.papadopoulou@example.gr', { email })).toEqual(['notEmail']);
    expect(passwordProblems('MARIA.PAPADOPOULOU-2026', { email })).toEqual(['notEmail']);
    expect(passwordProblems('Tessera-2026-long', { email })).toEqual([]);
    // A local part too short to recognise is not looked for.
    expect(containsEmail('al-is-a-long-password', 'al@example.gr')).toBe(false);
  });

  it('asks the given list whether a password is common', () => {
    const isCommon = (password: string) => password.toLowerCase() === 'qwerty123456';
    expect(passwordProblems('QWERTY123456', { isCommon })).toEqual(['notCommon']);
    expect(passwordProblems('Tessera-2026', { isCommon })).toEqual([]);
  });
});

describe('session response', () => {
  it('is either empty or a user with an expiry', () => {
    expect(SessionResponseSchema.safeParse({}).success).toBe(true);
    expect(SessionResponseSchema.safeParse({ expires: 'x' }).success).toBe(false);
  });
});
