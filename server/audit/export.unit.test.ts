import { describe, expect, it } from 'vitest';
import { exportBound } from './export.ts';

describe("the audit export's --since and --until", () => {
  it.each([
    // Singapore's 1 November starts at 16:00 UTC on 31 October: a UTC reading lost its first eight hours.
    ['2026-11-01', '2026-10-31T16:00:00.000Z'],
    ['2026-11-01T07:59', '2026-10-31T23:59:00.000Z'],
    ['2026-11-01T07:59:59.999', '2026-10-31T23:59:59.999Z'],
    ['2026-12-01', '2026-11-30T16:00:00.000Z'],
    // A zone given is the operator's word.
    ['2026-11-01T00:00Z', '2026-11-01T00:00:00.000Z'],
    ['2026-11-01T08:00+00:00', '2026-11-01T08:00:00.000Z'],
  ])('reads %s as %s', (value, moment) => {
    expect(exportBound(value)?.toISOString()).toBe(moment);
  });

  it.each([
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-11-01T00:00+25:00',
    '2026-11-01T24:00',
    'yesterday',
    '1 Nov 2026',
    '2026-11-01 00:00',
    '',
  ])('refuses %j rather than read it as some other moment', (value) => {
    expect(exportBound(value)).toBeNull();
  });
});
