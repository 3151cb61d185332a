import { describe, expect, it } from 'vitest';
import { isStrongPassword, NewPasswordSchema, passwordProblems, SessionResponseSchema } from './identity';

describe('password rules (ADR 005: at least 10 characters, letters and digits)', () => {
  it.each([
    ['Tessera-2026', []],
    ['Κωδικός2026x', []],
    ['short1', ['minLength']],
    ['onlyletterslong', ['digit']],
    ['12345678901', ['letter']],
    ['', ['minLength', 'letter', 'digit']],
  ])('%s breaks %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
    expect(isStrongPassword(password)).toBe(problems.length === 0);
    expect(NewPasswordSchema.safeParse(password).success).toBe(problems.length === 0);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('αβγδεζηθι1')).toEqual([]);
  });
});

describe('session response', () => {
  it('is either empty or a user with an expiry', () => {
    expect(SessionResponseSchema.safeParse({}).success).toBe(true);
    expect(SessionResponseSchema.safeParse({ expires: 'x' }).success).toBe(false);
  });
});
