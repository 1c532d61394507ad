import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatTokenExpirationDate, parseTokenExpirationDate } from './tokenExpiration.ts';

describe('tokenExpirationDate', () => {
  it('writes the instant on Singapore wall clock (UTC+08:00) as yyyyMMddTHHmmss', () => {
    expect(formatTokenExpirationDate(new Date('2030-01-15T02:15:30Z'))).toBe('20300115T101530');
  });

  it('rolls over the day, month and year in Singapore before UTC does', () => {
    expect(formatTokenExpirationDate(new Date('2029-12-31T16:00:00Z'))).toBe('20300101T000000');
    expect(formatTokenExpirationDate(new Date('2029-12-31T15:59:59Z'))).toBe('20291231T235959');
    expect(formatTokenExpirationDate(new Date('2028-02-28T16:00:00Z'))).toBe('20280229T000000');
  });

  it('drops milliseconds rather than rounding up', () => {
    expect(formatTokenExpirationDate(new Date('2030-01-15T02:15:30.999Z'))).toBe('20300115T101530');
  });

  it('reads a date as +08:00, or as GMT when it says so', () => {
    expect(parseTokenExpirationDate('20300115T101530')?.toISOString()).toBe('2030-01-15T02:15:30.000Z');
    expect(parseTokenExpirationDate('20300115T101530 GMT')?.toISOString()).toBe('2030-01-15T10:15:30.000Z');
    expect(parseTokenExpirationDate('20300115T101530GMT')?.toISOString()).toBe('2030-01-15T10:15:30.000Z');
  });

  it('refuses what is not such a date', () => {
    for (const bad of ['', '2030-01-15T10:15:30', '20301315T101530', '20300230T101530', '20300115T246000', 'x']) {
      expect(parseTokenExpirationDate(bad)).toBeNull();
    }
  });

  it('reads back what it writes, to the second', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01Z'), max: new Date('2099-12-31Z'), noInvalidDate: true }), (d) => {
        const whole = Math.floor(d.getTime() / 1000) * 1000;
        expect(parseTokenExpirationDate(formatTokenExpirationDate(d))?.getTime()).toBe(whole);
      }),
    );
  });
});
