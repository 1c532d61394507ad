import bidiFactory, { type BidiCharTypeName } from 'bidi-js';

/**
 * The order a PDF line's characters are seen in, by the Unicode bidirectional algorithm (UAX #9, from
 * bidi-js), so an answer that mixes Arabic or Hebrew with Latin letters or digits reads as the screens show it
 * (docs/decisions/0097). fontkit, which pdf-lib lays each drawn string out with, shapes Arabic letters into
 * their joined forms and reverses a right-to-left string itself; this decides everything else: which pieces
 * are right-to-left, their order on the line, and the brackets they mirror.
 */
const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';

/** A piece of a line drawn in one font, `font` as the writer numbers its fonts. */
export interface Run {
  text: string;
  font: number;
}

/**
 * A superset of the characters that can make anything right-to-left: the blocks of Hebrew, Arabic and the
 * other right-to-left scripts, their presentation forms and plane 1's right-to-left blocks (by their high
 * surrogates), and the marks and controls that start right-to-left text. A line without one is drawn as
 * it is, at no cost beyond this test; one with one goes through the algorithm, which decides exactly.
 */
const MAYBE_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE\u200F\u202B\u202E\u2067\u2068\uD802\uD803\uD83A\uD83B]/;

const STRONG_RTL = new Set<BidiCharTypeName>(['R', 'AL']);

/**
 * bidi-js reads a string one UTF-16 unit at a time, so each half of a character beyond the first plane (an
 * emoji, a rare Han character) would count as a Latin letter. Each half is given to it as a character of the
 * whole one's class instead, so an emoji between Arabic words stays with them as a neutral.
 */
const OF_CLASS: Record<BidiCharTypeName, string> = {
  L: 'a',
  R: '\u05D0',
  AL: '\u0627',
  EN: '0',
  ES: '+',
  ET: '#',
  AN: '\u0660',
  CS: ',',
  B: '\u2029',
  S: '\t',
  WS: ' ',
  ON: '!',
  BN: '\u200B',
  NSM: '\u0300',
  LRO: '\u202D',
  RLO: '\u202E',
  LRE: '\u202A',
  RLE: '\u202B',
  PDF: '\u202C',
  LRI: '\u2066',
  RLI: '\u2067',
  FSI: '\u2068',
  PDI: '\u2069',
};

const asBmp = (text: string): string =>
  text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, (pair) => OF_CLASS[bidi.getBidiCharTypeName(pair)].repeat(2));

/** A paragraph's direction, from its first strong character (UAX #9, P2 and P3); left-to-right without one. */
export function paragraphDirection(paragraph: string): Direction {
  if (!MAYBE_RTL.test(paragraph)) return 'ltr';
  return bidi.getEmbeddingLevels(asBmp(paragraph), 'auto').paragraphs[0]!.level % 2 ? 'rtl' : 'ltr';
}

/**
 * The direction fontkit lays a drawn string out in: right-to-left when its first strong character is, as the
 * runs of visualRuns are made to be. fontkit's own choice goes by the first character's script, so it
 * reversed Arabic-Indic digits (script Arabic, laid out left to right) and left a right-to-left run of
 * brackets and emoji (no script) in its logical order.
 */
export function layoutDirection(text: string): Direction {
  if (!MAYBE_RTL.test(text)) return 'ltr';
  for (const ch of text) {
    const type = bidi.getBidiCharTypeName(ch);
    if (type === 'L') return 'ltr';
    if (STRONG_RTL.has(type)) return 'rtl';
  }
  return 'ltr';
}

/** Characters with the marks that follow them, so a reversed piece keeps each mark on its letter. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;

/**
 * One line of a paragraph, already broken to the width, cut into runs of one font in the order they are
 * drawn from left to right (UAX #9, L1 and L2, with the paragraph's direction). A right-to-left run holding
 * a right-to-left letter is given in its logical order, mirrored brackets swapped, for fontkit to shape and
 * reverse (layoutDirection); one without (brackets, punctuation, emoji) is reversed here, since fontkit would
 * not. `fontFor` splits pieces by font after the order is known, so a fallback font's characters inside
 * Arabic text stay where the algorithm puts them.
 */
export function visualRuns(line: string, direction: Direction, fontFor: (ch: string) => number): Run[] {
  if (!MAYBE_RTL.test(line)) return byFont(line, fontFor);
  const text = asBmp(line);
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const order = bidi.getReorderedIndices(text, embedding);
  // The pieces, in visual order: visually adjacent units of one level, adjacent in the text too.
  const pieces: { from: number; to: number; level: number }[] = [];
  for (const index of order) {
    const level = embedding.levels[index]!;
    const last = pieces.at(-1);
    if (last?.level === level && (level % 2 ? index === last.from - 1 : index === last.to + 1)) {
      if (level % 2) last.from = index;
      else last.to = index;
    } else pieces.push({ from: index, to: index, level });
  }
  const runs: Run[] = [];
  for (const { from, to, level } of pieces) {
    const logical = line.slice(from, to + 1);
    if (level % 2 === 0) {
      runs.push(...byFont(logical, fontFor));
      continue;
    }
    const mirrored = [...logical].map((ch) => bidi.getMirroredCharacter(ch) ?? ch).join('');
    // Each font's run of a right-to-left piece is drawn right to left: the first one rightmost.
    for (const run of byFont(mirrored, fontFor).reverse())
      runs.push(
        layoutDirection(run.text) === 'rtl'
          ? run
          : { ...run, text: (run.text.match(CLUSTER) ?? []).reverse().join('') },
      );
  }
  return runs;
}

function byFont(text: string, fontFor: (ch: string) => number): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const font = fontFor(ch);
    const last = runs.at(-1);
    if (last?.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return runs;
}
