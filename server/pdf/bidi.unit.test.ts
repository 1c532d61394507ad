import { describe, expect, it } from 'vitest';
import { layoutDirection, paragraphDirection, visualRuns, type Direction } from './bidi.ts';

/** Emoji are in the third fallback font, Han characters in the first, everything else in DejaVu (0). */
const fontFor = (ch: string) => (/\p{Extended_Pictographic}/u.test(ch) ? 3 : /\p{Script=Han}/u.test(ch) ? 1 : 0);

/** Characters in the order they are seen from left to right on the page. */
const rev = (text: string) => [...text].reverse().join('');

/** A line as it is drawn: each run laid out as fontkit lays it out, reversed when its direction is. */
const seen = (line: string, direction: Direction = paragraphDirection(line)) =>
  visualRuns(line, direction, fontFor)
    .map(({ text }) => (layoutDirection(text) === 'rtl' ? rev(text) : text))
    .join('');

describe('the order a PDF line is seen in', () => {
  it('keeps Latin words and numbers in an Arabic name in their order, the Arabic read from the right', () => {
    expect(seen('محمد Muhammad round 4')).toBe(`Muhammad round 4 ${rev('محمد')}`);
    expect(seen('عبد الله بن محمد 123 Tan')).toBe(`Tan 123 ${rev('عبد الله بن محمد')}`);
  });

  it('prints a number after Arabic words forwards, its sign on the side the algorithm puts it', () => {
    // After Arabic letters 14 is an Arabic number, and the # before it goes with the Arabic text.
    expect(seen('محمد بن عبد الله #14')).toBe(`14# ${rev('محمد بن عبد الله')}`);
    // After Hebrew letters #14 is a European number with its sign.
    expect(seen('דוד כהן בע"מ #15')).toBe(`#15 ${rev('דוד כהן בע"מ')}`);
  });

  it('keeps Arabic-Indic digits in their order, which fontkit reversed by their script', () => {
    expect(seen('رقم ١٢٣')).toBe(`١٢٣ ${rev('رقم')}`);
    expect(seen('Ref ١٢٣')).toBe('Ref ١٢٣');
    expect(layoutDirection('١٢٣')).toBe('ltr');
  });

  it('mirrors brackets in right-to-left text so they open towards the words they hold', () => {
    expect(seen('شركة (الأمل) للتجارة')).toBe(`${rev('للتجارة')} (${rev('الأمل')}) ${rev('شركة')}`);
    // Left to right, brackets round an Arabic word are left as typed.
    expect(seen('Invoice (محمد) 2026')).toBe(`Invoice (${rev('محمد')}) 2026`);
  });

  it("orders each line by its paragraph's direction, not by the line's own first letter", () => {
    // The last line of an Arabic paragraph wrapped to the width, which starts in Latin letters.
    expect(seen('Tan 2026 عبد', 'rtl')).toBe(`${rev('عبد')} Tan 2026`);
    expect(seen('Tan 2026 عبد', 'ltr')).toBe(`Tan 2026 ${rev('عبد')}`);
    expect(paragraphDirection('2026 (#14) עברית Tan')).toBe('rtl');
    expect(paragraphDirection('2026 Tan עברית')).toBe('ltr');
    expect(paragraphDirection('2026 #14')).toBe('ltr');
  });

  it('gives Latin text back as it is, one run a font', () => {
    expect(visualRuns('Zoë (Ng) #14, 陈大文 😀', 'ltr', fontFor)).toEqual([
      { text: 'Zoë (Ng) #14, ', font: 0 },
      { text: '陈大文', font: 1 },
      { text: ' ', font: 0 },
      { text: '😀', font: 3 },
    ]);
  });

  it("still splits a line by font after ordering it, each fallback's characters where the algorithm puts them", () => {
    // Emoji between Arabic words are read with them, right to left: drawn reversed here, whole.
    expect(visualRuns('مرحبا 😀😁 عالم', 'rtl', fontFor)).toEqual([
      { text: ' عالم', font: 0 },
      { text: '😁😀', font: 3 },
      { text: 'مرحبا ', font: 0 },
    ]);
    // Chinese is left to right inside an Arabic line, with the number after it.
    expect(visualRuns('محمد 陈大文 2026', 'rtl', fontFor)).toEqual([
      { text: '陈大文', font: 1 },
      { text: ' 2026', font: 0 },
      { text: 'محمد ', font: 0 },
    ]);
  });
});
