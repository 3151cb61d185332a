import { describe, expect, it } from 'vitest';
import {
  isTarget2BusinessDay,
  nextTarget2BusinessDay,
  target2BusinessDayOnOrAfter,
  target2Holidays,
  westernEaster,
} from './target2';
import { orthodoxEaster, weekdayOf } from './working-days';

describe('westernEaster', () => {
  it.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('is on the known Sunday in %i', (year, day) => {
    expect(westernEaster(year)).toBe(day);
    expect(weekdayOf(day)).toBe(0);
  });

  it('is not the Orthodox Easter in 2026 and 2027', () => {
    expect(westernEaster(2026)).not.toBe(orthodoxEaster(2026));
    expect(westernEaster(2027)).not.toBe(orthodoxEaster(2027));
  });
});

describe('the TARGET2 calendar', () => {
  it('closes on the six days of 2026 and 2027', () => {
    expect(target2Holidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(target2Holidays(2027)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-01',
      '2027-12-25',
      '2027-12-26',
    ]);
  });

  it('is closed on weekends and its holidays, open on Greek-only holidays', () => {
    expect(isTarget2BusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isTarget2BusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isTarget2BusinessDay('2026-04-03')).toBe(false); // Good Friday (Western)
    expect(isTarget2BusinessDay('2026-04-06')).toBe(false); // Easter Monday (Western)
    expect(isTarget2BusinessDay('2026-04-10')).toBe(true); // Orthodox Good Friday: open
    expect(isTarget2BusinessDay('2026-04-13')).toBe(true); // Orthodox Easter Monday: open
    expect(isTarget2BusinessDay('2026-02-23')).toBe(true); // Clean Monday: open
    expect(isTarget2BusinessDay('2026-03-25')).toBe(true); // Independence Day: open
    expect(isTarget2BusinessDay('2027-03-26')).toBe(false);
    expect(isTarget2BusinessDay('2027-12-24')).toBe(true);
  });

  it('rolls an execution date forward to the next business day', () => {
    expect(target2BusinessDayOnOrAfter('2026-11-27')).toBe('2026-11-27'); // Friday
    expect(target2BusinessDayOnOrAfter('2026-11-28')).toBe('2026-11-30'); // Saturday → Monday
    expect(target2BusinessDayOnOrAfter('2026-04-03')).toBe('2026-04-07'); // Good Friday → Tuesday
    expect(target2BusinessDayOnOrAfter('2026-12-25')).toBe('2026-12-28'); // Christmas → Monday
    expect(target2BusinessDayOnOrAfter('2026-12-31')).toBe('2026-12-31');
    expect(target2BusinessDayOnOrAfter('2027-01-01')).toBe('2027-01-04'); // Friday holiday → Monday
    expect(target2BusinessDayOnOrAfter('2027-03-26')).toBe('2027-03-30');
    expect(target2BusinessDayOnOrAfter('2027-05-01')).toBe('2027-05-03');
    expect(nextTarget2BusinessDay('2026-04-02')).toBe('2026-04-07');
    expect(nextTarget2BusinessDay('2027-12-24')).toBe('2027-12-27');
  });

  it('never answers a closed day', () => {
    for (let offset = 0; offset < 800; offset += 1) {
      const day = new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
      expect(isTarget2BusinessDay(target2BusinessDayOnOrAfter(day)), day).toBe(true);
    }
  });
});
