import { describe, expect, it } from 'vitest';
import { buildDateText, buildDay } from './build-date.ts';

describe('the build date', () => {
  it('is Singapore’s day of the build, as every other date the portal writes', () => {
    // 03:00 on 29 Nov 2026 in Singapore, still 28 Nov in UTC.
    const at = new Date('2026-11-28T19:00:00Z');
    expect(buildDay(undefined, at)).toBe('2026-11-29');
    expect(buildDateText(buildDay(undefined, at))).toBe('29 Nov 2026');
  });

  it('is the day the build is told, when it is told one', () => {
    expect(buildDay('2026-11-21', new Date('2026-11-28T19:00:00Z'))).toBe('2026-11-21');
  });
});
