import { describe, expect, it } from 'vitest';
import { initialCut, newReference, wordSlots } from './search.ts';

describe('wordSlots', () => {
  it('joins the two means of a word, the nearest first, without repeats', () => {
    expect(wordSlots([{ similar: ['BENG', 'BEN'], lettered: ['BENG', 'BENJAMIN'] }])).toEqual([
      ['BENG', 'BEN', 'BENJAMIN'],
    ]);
  });

  it("holds a repeated word to its next occurrence, and leaves out a word near none of the register's", () => {
    expect(
      wordSlots([
        { similar: ['HWEE'], lettered: ['HWEE'] },
        { similar: [], lettered: [] },
        { similar: ['HWEE', 'HWA'], lettered: [] },
        { similar: ['TOH'], lettered: ['TOH', 'TEO'] },
        { similar: ['HWEE'], lettered: [] },
      ]),
    ).toEqual([['HWEE'], ['HWEE*2', 'HWA'], ['TOH', 'TEO'], ['HWEE*3']]);
  });
});

describe('an initial', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `B${String(i).padStart(2, '0')}`);

  it('stands for every word starting with it, and takes none from a word typed in full', () => {
    expect(
      wordSlots([
        { similar: ['HO'], lettered: ['HO', 'HOCK'] },
        { similar: [], lettered: ['SIM', 'SENG', 'SIEW', 'SOON'], initial: true },
        { similar: [], lettered: ['HO', 'HUI', 'HOCK', 'HUAT', 'HWEE'], initial: true },
      ]),
    ).toEqual([
      ['HO', 'HOCK'],
      ['SIM', 'SENG', 'SIEW', 'SOON'],
      ['HO', 'HUI', 'HOCK', 'HUAT', 'HWEE'],
    ]);
  });

  it('that starts more words than a slot holds is cut, and says so', () => {
    const many = [{ similar: [], lettered: words(51), initial: true }];
    expect(wordSlots(many)[0]).toHaveLength(50);
    expect(initialCut(many)).toBe(true);
    expect(initialCut([{ similar: [], lettered: words(50), initial: true }])).toBe(false);
  });
});

describe('newReference', () => {
  it('carries the date in Singapore, where the search was made, not in UTC', () => {
    // 05:51 on 28 November in Singapore is still 27 November in UTC.
    expect(newReference(new Date('2026-11-27T21:51:00Z'))).toMatch(/^RS-20261128-[0-9A-F]{10}$/);
    expect(newReference(new Date('2026-11-28T15:59:00Z'))).toMatch(/^RS-20261128-/);
  });
});
