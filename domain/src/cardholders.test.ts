import { describe, expect, it } from 'vitest';
import {
  DECLINE_ADVICE,
  movementKindOf,
  normaliseCardholderEmail,
  RequestSignInCodeSchema,
  VerifySignInCodeSchema,
} from './cardholders';
import { declineReasonOf, DECLINE_REASONS, type AuthorisationFacts } from './merchants';

const facts = (card: Partial<AuthorisationFacts['card']> = {}): AuthorisationFacts => ({
  amountCents: 500,
  today: '2026-11-28',
  terminal: { state: 'enrolled' },
  store: { category: 'restaurants', acceptedProducts: ['TICKET_RESTAURANT'], merchantName: 'Φούρνος' },
  card: {
    status: 'active',
    expiryDate: '2028-01-31',
    product: 'TICKET_RESTAURANT',
    balanceCents: 10_000,
    spentTodayCents: 0,
    ...card,
  },
  rules: [],
});

describe('the cardholder domain', () => {
  it('declines a locked card cardLocked, after a blocked one and before everything else of the card', () => {
    expect(declineReasonOf(facts({ isLocked: true }))).toBe('cardLocked');
    expect(declineReasonOf(facts({ isLocked: true, status: 'blocked' }))).toBe('cardBlocked');
    expect(declineReasonOf(facts({ isLocked: true, balanceCents: 0, expiryDate: '2020-01-01' }))).toBe(
      'cardLocked',
    );
    expect(declineReasonOf(facts({ isLocked: false }))).toBeNull();
    expect(DECLINE_REASONS.indexOf('cardLocked')).toBe(DECLINE_REASONS.indexOf('cardBlocked') + 1);
  });

  it('has advice in Greek and English for every decline reason, the daily cap naming its amount', () => {
    for (const reason of DECLINE_REASONS) {
      expect(DECLINE_ADVICE[reason].el.length, reason).toBeGreaterThan(10);
      expect(DECLINE_ADVICE[reason].en.length, reason).toBeGreaterThan(10);
    }
    expect(DECLINE_ADVICE.dailyCapReached.en).toContain('25,00');
    expect(DECLINE_ADVICE.cardLocked.en).toMatch(/unlock/);
  });

  it('names ledger movements as a holder reads them', () => {
    expect(movementKindOf('load', 1000)).toBe('load');
    expect(movementKindOf('redemption', -500)).toBe('purchase');
    expect(movementKindOf('refund', 200)).toBe('refund');
    expect(movementKindOf('reversal', 500)).toBe('reversal');
    expect(movementKindOf('transfer', 3000)).toBe('load');
    expect(movementKindOf('transfer', -3000)).toBe('expiry');
    expect(movementKindOf('unload', -3000)).toBe('expiry');
  });

  it('keys a cardholder by the trimmed, lower-cased e-mail and refuses what is not one', () => {
    expect(normaliseCardholderEmail('  Maria.P@Example.GR ')).toBe('maria.p@example.gr');
    expect(RequestSignInCodeSchema.parse({ email: ' Maria.P@Example.GR' })).toEqual({
      email: 'maria.p@example.gr',
      locale: 'el',
    });
    expect(RequestSignInCodeSchema.safeParse({ email: 'not an e-mail', locale: 'en' }).success).toBe(false);
    expect(VerifySignInCodeSchema.parse({ email: 'A@B.GR', code: ' 012345 ' })).toEqual({
      email: 'a@b.gr',
      code: '012345',
    });
  });
});
