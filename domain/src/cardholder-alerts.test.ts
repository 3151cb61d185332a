import { describe, expect, it } from 'vitest';
import {
  AlertSettingsSchema,
  alertText,
  crossesBelow,
  declineInPlainWords,
  expiryDaysRemindedOn,
} from './cardholder-alerts';
import { DECLINE_ADVICE } from './cardholders';

describe('cardholder alerts', () => {
  it('raises a low-balance alert once, when a purchase crosses the threshold', () => {
    expect(crossesBelow(3_000, 1_500, 2_000)).toBe(true);
    expect(crossesBelow(2_000, 1_999, 2_000)).toBe(true);
    // Already below before the purchase: no second alert.
    expect(crossesBelow(1_500, 1_000, 2_000)).toBe(false);
    // Still at or above after it.
    expect(crossesBelow(5_000, 2_000, 2_000)).toBe(false);
    expect(crossesBelow(5_000, 0, null)).toBe(false);
  });

  it('reminds 30 and 7 days before an expiry', () => {
    expect(expiryDaysRemindedOn('2026-11-28')).toEqual([
      { days: 30, expiresOn: '2026-12-28' },
      { days: 7, expiresOn: '2026-12-05' },
    ]);
  });

  it('writes each alert in both languages, a decline with its reason in plain words', () => {
    const decline = alertText({
      kind: 'decline',
      amountCents: 1_250,
      merchantName: 'Φρέσκο Μάρκετ',
      reason: 'insufficientBalance',
      cardName: 'Κάρτα σίτισης',
    });
    expect(decline.titleEl).toBe('Απορρίφθηκε αγορά 12,50\u00a0€ στο Φρέσκο Μάρκετ');
    expect(decline.bodyEn).toContain('was not enough for the amount');
    expect(decline.bodyEl).toContain(declineInPlainWords('insufficientBalance', 'el'));
    // A reason without plain words here falls back to the movements list's advice.
    expect(declineInPlainWords('duplicate', 'en')).toBe(DECLINE_ADVICE.duplicate.en);
    expect(declineInPlainWords('cardLocked', 'el')).toContain('Ξεκλειδώστε');
    const expiry = alertText({
      kind: 'expiry',
      amountCents: 4_000,
      expiresOn: '2026-12-31',
      days: 30,
      cardName: 'Gift',
    });
    expect(expiry.bodyEl).toContain('31/12/2026');
    expect(expiry.titleEn).toBe('40,00\u00a0€ expire in 30 days');
    const low = alertText({
      kind: 'low-balance',
      balanceCents: 900,
      thresholdCents: 1_000,
      cardName: 'Meal',
    });
    expect(low.titleEl).toBe('Χαμηλό υπόλοιπο: 9,00\u00a0€');
  });

  it('refuses a threshold of zero or a negative one, and accepts none', () => {
    const base = { purchase: true, decline: true, expiryReminders: true, locale: 'en' as const };
    expect(AlertSettingsSchema.safeParse({ ...base, lowBalanceCents: null }).success).toBe(true);
    expect(AlertSettingsSchema.safeParse({ ...base, lowBalanceCents: 0 }).success).toBe(false);
    expect(AlertSettingsSchema.safeParse({ ...base, lowBalanceCents: 2.5 }).success).toBe(false);
  });
});
