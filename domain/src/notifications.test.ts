import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNotificationLive, notificationAge } from './notifications';

const now = new Date('2026-11-21T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('notificationAge (SPEC §4)', () => {
  it.each([
    [0, 'minutes', 0],
    [59, 'minutes', 59],
    [60, 'hours', 1],
    [1439, 'hours', 23],
    [1440, 'days', 1],
    [4 * 1440 + 5, 'days', 4],
  ] as const)('%i minutes old shows as %s %i', (minutes, unit, value) => {
    expect(notificationAge(minutesAgo(minutes), now)).toEqual({ unit, value });
  });

  it('shows a future date as 0 minutes', () => {
    expect(notificationAge(minutesAgo(-30), now)).toEqual({ unit: 'minutes', value: 0 });
  });

  it('picks the unit by the thresholds 60 and 1440 for any age', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (minutes) => {
        const age = notificationAge(minutesAgo(minutes), now);
        const expected = minutes < 60 ? 'minutes' : minutes < 1440 ? 'hours' : 'days';
        expect(age.unit).toBe(expected);
        const factor = { minutes: 1, hours: 60, days: 1440 }[age.unit];
        expect(age.value).toBe(Math.floor(minutes / factor));
      }),
    );
  });
});

describe('isNotificationLive', () => {
  it('drops a notification after its end date', () => {
    expect(isNotificationLive('2026-11-21T11:59:00Z', now)).toBe(false);
    expect(isNotificationLive('2026-11-21T12:01:00Z', now)).toBe(true);
    expect(isNotificationLive(null, now)).toBe(true);
  });
});
