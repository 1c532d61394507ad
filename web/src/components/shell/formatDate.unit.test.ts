import { describe, expect, it } from 'vitest';
import { FOOTER_DATE_FORMAT } from '#contract/index.ts';
import { formatDate, formatDateTime, formatDay, parseIsoDate } from './formatDate.ts';

describe('formatDate', () => {
  it(`formats ${FOOTER_DATE_FORMAT} as the footer shows it`, () => {
    expect(formatDate(new Date(2026, 10, 21), FOOTER_DATE_FORMAT)).toBe('21 Nov 2026');
    expect(formatDate(new Date(2027, 0, 5), FOOTER_DATE_FORMAT)).toBe('5 Jan 2027');
    expect(formatDate(new Date(2024, 1, 29), FOOTER_DATE_FORMAT)).toBe('29 Feb 2024');
  });

  it('knows every month and the other pattern letters', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate(new Date(2026, m, 1), 'MMM'));
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(formatDate(new Date(2009, 2, 7), 'dd/MM/yy')).toBe('07/03/09');
    expect(formatDate(new Date(2009, 2, 7), 'yyyy-M-d')).toBe('2009-3-7');
  });

  it('reads an ISO calendar date as that local day', () => {
    const date = parseIsoDate('2026-11-02')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 10, 2]);
    expect(parseIsoDate('02/11/2026')).toBeNull();
  });

  it('writes a moment as its local day, and with its time; nothing for what is not a date', () => {
    const moment = new Date(2026, 8, 12, 9, 5);
    expect(formatDay(moment)).toBe('12 Sep 2026');
    expect(formatDateTime(moment.toISOString())).toBe('12 Sep 2026, 09:05');
    expect(formatDay('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
