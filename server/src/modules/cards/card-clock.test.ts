import { describe, expect, it } from 'vitest';
import { cardClock } from './card-fields';

/** The Athens dates of a card's flags, worked out once an Athens day (ADR 053). */
describe('the card clock', () => {
  it('moves at Athens midnight, not at UTC midnight, and again for an earlier instant', () => {
    // 30 November 2026, 23:59:59 in Athens (UTC+2) is 21:59:59 UTC.
    const lastSecond = cardClock(new Date('2026-11-30T21:59:59.999Z'));
    expect(lastSecond).toEqual({
      today: '2026-11-30',
      expiringUntil: '2027-01-29',
      monthStart: new Date('2026-10-31T22:00:00Z'),
    });
    // The same day's clock, reused.
    expect(cardClock(new Date('2026-11-30T00:00:00Z'))).toBe(lastSecond);
    const nextDay = cardClock(new Date('2026-11-30T22:00:00Z'));
    expect(nextDay.today).toBe('2026-12-01');
    expect(nextDay.monthStart).toEqual(new Date('2026-11-30T22:00:00Z'));
    // An instant before the day held works its own day out (a test's clock may go back).
    expect(cardClock(new Date('2026-11-29T21:59:59Z')).today).toBe('2026-11-29');
    // Summer time: 31 March 2027 is UTC+3 in Athens.
    expect(cardClock(new Date('2027-03-31T21:00:00Z')).today).toBe('2027-04-01');
    expect(cardClock(new Date('2027-03-31T20:59:59Z')).today).toBe('2027-03-31');
  });
});
