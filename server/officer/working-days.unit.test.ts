import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay, workingDaysBetween } from './working-days.ts';

const holidays = new Set(['2026-06-01', '2026-08-10']);

describe('Singapore working days', () => {
  it('skip weekends and the listed public holidays', () => {
    expect(isWorkingDay('2026-05-29', holidays)).toBe(true); // Friday
    expect(isWorkingDay('2026-05-30', holidays)).toBe(false); // Saturday
    expect(isWorkingDay('2026-06-01', holidays)).toBe(false); // Vesak Day, observed
    expect(addWorkingDays('2026-05-29', 1, holidays)).toBe('2026-06-02');
    expect(addWorkingDays('2026-05-29', 10, holidays)).toBe('2026-06-15');
    expect(addWorkingDays('2026-05-29', 10, new Set())).toBe('2026-06-12');
    expect(addWorkingDays('2026-05-29', 0, holidays)).toBe('2026-05-29');
  });

  it('count the working days after one date up to another', () => {
    expect(workingDaysBetween('2026-06-02', '2026-06-05', holidays)).toBe(3);
    expect(workingDaysBetween('2026-05-29', '2026-06-02', holidays)).toBe(1);
    expect(workingDaysBetween('2026-06-05', '2026-06-02', holidays)).toBe(0);
  });
});
