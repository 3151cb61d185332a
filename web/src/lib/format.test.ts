import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatMoney } from './format';

describe('formatting', () => {
  it('formats money the same way in both languages', () => {
    expect(formatMoney(123456)).toBe('1.234,56\u00a0€');
  });

  it('shows dates in Athens time', () => {
    // 22:30 UTC on 21 November is 00:30 on 22 November in Athens (UTC+2).
    expect(formatDate('2026-11-21T22:30:00Z', 'el')).toBe('22/11/2026');
    expect(formatDateTime('2026-11-21T22:30:00Z', 'en')).toContain('00:30');
  });

  it('formats video lengths', () => {
    expect(formatDuration(185)).toBe('3:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
