import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnCheckDigit } from './greek';
import { REDACTED_CARD, REDACTED_TOKEN, redactSecrets } from './redaction';

/** A 16-digit card number, Luhn-valid or not, written as people write it. */
const cardNumber = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }),
    fc.boolean(),
    fc.constantFrom('', ' ', '-'),
  )
  .map(([digits, valid, separator]) => {
    const body = digits.join('');
    const pan = valid ? `${body}${luhnCheckDigit(body)}` : `${body}${(digits[0]! + 1) % 10}`;
    return { pan, written: pan.match(/.{4}/g)!.join(separator) };
  });

describe('redactSecrets (ADR 026)', () => {
  it('leaves no 16-digit run in any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('1', '2', '9', ' ', '-', 'a', '.', 'Z') }), (text) => {
        expect(redactSecrets(text)).not.toMatch(/\d{16}/);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(redactSecrets(text)).not.toMatch(/\d{13}/);
      }),
    );
  });

  it('removes a card number however it is written and wherever it stands', () => {
    fc.assert(
      fc.property(fc.string(), cardNumber, fc.string(), (before, { pan, written }, after) => {
        const redacted = redactSecrets(`${before} ${written} ${after}`);
        expect(redacted).not.toContain(pan);
        expect(redacted.replace(/[ -]/g, '')).not.toContain(pan);
        expect(redacted).toContain(REDACTED_CARD);
      }),
      { numRuns: 300 },
    );
  });

  it('removes tokens and passwords', () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const cases = [
      `failed with ${jwt} in it`,
      'sent Bearer abc.def-ghi_jkl',
      'GET /api?password=hunter2&x=1',
      'password: "hunter2"',
      'session id 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'key QmFzZTY0RW5jb2RlZFNlY3JldEtleVdpdGhEaWdpdHMxMjM0',
    ];
    const redacted = cases.map(redactSecrets);
    expect(redacted[0]).toBe(`failed with ${REDACTED_TOKEN} in it`);
    expect(redacted[1]).toBe(`sent Bearer ${REDACTED_TOKEN}`);
    expect(redactSecrets('Authorization: Bearer abc.def')).not.toContain('abc');
    expect(redacted[2]).toBe(`GET /api?password=${REDACTED_TOKEN}&x=1`);
    expect(redacted[3]).not.toContain('hunter2');
    expect(redacted[4]).toBe(`session id ${REDACTED_TOKEN}`);
    expect(redacted[5]).toBe(`key ${REDACTED_TOKEN}`);
  });

  it('keeps what helps to find a fault: messages, paths, ids, short numbers', () => {
    const text =
      "TypeError: Cannot read properties of undefined (reading 'cards') at /card-list?orderId=0b7e2c36-4458-8916-46f1-2d0e5a7c9b11 line 1234";
    expect(redactSecrets(text)).toBe(text);
    expect(redactSecrets('/api/v1/orders/retrieveOrderDetailsAndMoreWordsHere')).toBe(
      '/api/v1/orders/retrieveOrderDetailsAndMoreWordsHere',
    );
  });
});
