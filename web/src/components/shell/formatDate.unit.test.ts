import { afterEach, describe, expect, it } from 'vitest';
import { FOOTER_DATE_FORMAT } from '#contract/index.ts';
import { formatDate, parseIsoDate } from './formatDate.ts';
import { formatDateTime, formatDay } from './formatMoment.ts';

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

  it('writes a moment as its day and time in Singapore, as the PDFs and emails do; nothing for what is not a date', () => {
    const moment = new Date(Date.UTC(2026, 8, 12, 1, 5));
    expect(formatDay(moment)).toBe('12 Sep 2026');
    expect(formatDateTime(moment.toISOString())).toBe('12 Sep 2026, 09:05');
    // Late evening in London is already the next morning in Singapore, whatever this machine's zone.
    expect(formatDateTime('2026-11-27T23:30:00Z')).toBe('28 Nov 2026, 07:30');
    expect(formatDay('2026-11-27T23:30:00Z')).toBe('28 Nov 2026');
    // A calendar day stays that day.
    expect(formatDay('2026-11-27')).toBe('27 Nov 2026');
    expect(formatDay('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('a moment in a browser whose zone skips an hour of Singapore’s wall clock', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    // 01:30 on 28 Mar 2027 in Singapore; London's clocks go from 01:00 to 02:00 that night.
    ['Europe/London', '2027-03-27T17:30:00Z', '28 Mar 2027, 01:30'],
    // 02:30 on 14 Mar 2027 in Singapore; New York's clocks go from 02:00 to 03:00 that night.
    ['America/New_York', '2027-03-13T18:30:00Z', '14 Mar 2027, 02:30'],
  ])('in %s, writes %s as Singapore’s %s, as the PDFs and emails do', (tz, at, written) => {
    process.env.TZ = tz;
    // This process now reads its local time in that zone.
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(tz);
    expect(formatDateTime(at)).toBe(written);
    expect(formatDay(at)).toBe(written.slice(0, written.indexOf(',')));
  });
});
