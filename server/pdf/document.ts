import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import { paragraphDirection, visualRuns, type Direction, type Run } from './bidi.ts';
import { loadedFallbacks, pdfFontkit } from './fonts.ts';

/**
 * A small flowing-text layout over pdf-lib for the portal's PDFs (acknowledgements, extracts, receipts):
 * headings, label/value rows and paragraphs on A4, wrapped to the width and continued on new pages.
 * DejaVu Sans is embedded (subset) so names with accents and other Latin, Greek or Cyrillic letters print
 * as typed; a character it lacks is set in the first fallback font that has it (Chinese, Tamil: server/pdf/fonts.ts),
 * embedded (subset) only in a document that uses it, else prints as '?' rather than failing the document.
 * Arabic and Hebrew are shaped by fontkit and ordered among the rest by the bidirectional algorithm (bidi.ts).
 */
const require = createRequire(import.meta.url);
const FONT_DIR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf').replace(/DejaVuSans\.ttf$/, '');
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
const fontFiles = () =>
  (fonts ??= {
    regular: readFileSync(`${FONT_DIR}DejaVuSans.ttf`),
    bold: readFileSync(`${FONT_DIR}DejaVuSans-Bold.ttf`),
  });

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.04, 0.05, 0.05);
const MUTED = rgb(0.3, 0.32, 0.34);
/** Variation selectors 15 and 16 (text or emoji form) and the zero-width joiner. */
const EMOJI_MARKS = /[\uFE0E\uFE0F\u200D]/g;

type Style = 'regular' | 'bold';

/**
 * A line broken to the width, in the order it was typed, with its paragraph's direction: the order it is seen
 * in is decided line by line when it is drawn, as the bidirectional algorithm asks (docs/decisions/0097).
 */
interface Line {
  text: string;
  direction: Direction;
}

/**
 * A run (bidi.ts) placed but not yet drawn, its font 0 for DejaVu in the line's style, n for the n-th fallback.
 * A fallback font can only be embedded asynchronously, once a document is known to need it, so all text is
 * drawn in bytes(), in the order it was placed (the order it is read in).
 */
interface Placed extends Run {
  page: PDFPage;
  x: number;
  y: number;
  size: number;
  style: Style;
  color: Color;
}

export interface PdfMeta {
  title: string;
  subject: string;
}

export class PdfWriter {
  readonly #doc: PDFDocument;
  readonly #regular: PDFFont;
  readonly #bold: PDFFont;
  readonly #has: Record<Style, Set<number>>;
  readonly #fallbacks = loadedFallbacks();
  readonly #placed: Placed[] = [];
  readonly #widths = new Map<string, number>();
  #page!: PDFPage;
  #y = 0;

  private constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.#doc = doc;
    this.#regular = regular;
    this.#bold = bold;
    this.#has = { regular: new Set(regular.getCharacterSet()), bold: new Set(bold.getCharacterSet()) };
    this.#newPage();
  }

  static async create(meta: PdfMeta, now: Date): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(pdfFontkit);
    const { regular, bold } = fontFiles();
    const writer = new PdfWriter(
      doc,
      await doc.embedFont(regular, { subset: true }),
      await doc.embedFont(bold, { subset: true }),
    );
    doc.setTitle(meta.title, { showInWindowTitleBar: true });
    doc.setSubject(meta.subject);
    doc.setAuthor('PTIB e-Services');
    doc.setProducer('PTIB e-Services');
    doc.setCreator('PTIB e-Services');
    doc.setLanguage('en-SG');
    doc.setCreationDate(now);
    doc.setModificationDate(now);
    return writer;
  }

  #newPage(): void {
    this.#page = this.#doc.addPage(A4);
    this.#y = A4[1] - MARGIN;
  }

  get #width(): number {
    return A4[0] - 2 * MARGIN;
  }

  /** The font for a character: DejaVu if it has it, else the first fallback that has it, else none (-1). */
  #fontFor(style: Style, ch: string): number {
    const codePoint = ch.codePointAt(0)!;
    if (ch === '\n' || this.#has[style].has(codePoint)) return 0;
    return this.#fallbacks.findIndex((fallback) => fallback.has(codePoint)) + 1 || -1;
  }

  /**
   * Text some font can draw: characters none has become '?'. The marks that choose how an emoji is drawn
   * (text or colour form, several joined into one) are left out: a PDF in one colour prints each as the font
   * has it (docs/decisions/0075). A tab, which no font draws, is a space: answers stored before one-line answers
   * were kept without them may hold one (a spreadsheet's cell pasted).
   */
  #printable(style: Style, text: string): string {
    return [...text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(EMOJI_MARKS, '')]
      .map((ch) => (this.#fontFor(style, ch) < 0 ? '?' : ch))
      .join('');
  }

  /** Printable text cut into runs of one font each. */
  #runs(style: Style, text: string): Run[] {
    const runs: Run[] = [];
    for (const ch of text) {
      const font = this.#fontFor(style, ch);
      const last = runs.at(-1);
      if (last?.font === font) last.text += ch;
      else runs.push({ text: ch, font });
    }
    return runs;
  }

  /**
   * A run's width, each run shaped once a document. Wrapping measures a line again and again as it grows (and
   * a long word by halves), and each measure shaped every run in it: text that changes script at every
   * letter ('aத' a thousand times) made tens of thousands of shapings, seconds of the event loop for one
   * acknowledgement. Remembered, each run is shaped once, as text in one script is (a few per word).
   */
  #runWidth(style: Style, size: number, { text, font }: Run): number {
    const key = `${font === 0 ? style : font} ${size} ${text}`;
    let width = this.#widths.get(key);
    if (width === undefined) {
      width =
        font === 0
          ? (style === 'bold' ? this.#bold : this.#regular).widthOfTextAtSize(text, size)
          : this.#fallbacks[font - 1]!.widthOfTextAtSize(text, size);
      this.#widths.set(key, width);
    }
    return width;
  }

  /** A line's width, each run measured in its own font. */
  #measure(style: Style, size: number, text: string): number {
    return this.#runs(style, text).reduce((width, run) => width + this.#runWidth(style, size, run), 0);
  }

  #wrap(style: Style, size: number, text: string, width: number): Line[] {
    const lines: Line[] = [];
    for (const paragraph of this.#printable(style, text).split('\n')) {
      const direction = paragraphDirection(paragraph);
      const broken: string[] = [];
      let line = '';
      for (const word of paragraph.split(/(\s+)/)) {
        const candidate = line + word;
        let starts = line === '';
        if (!starts && this.#measure(style, size, candidate.trimEnd()) > width) {
          broken.push(line.trimEnd());
          line = word.trimStart();
          starts = true;
        } else line = candidate;
        // A word that starts a line, the paragraph's first or one moved down, may be longer than the line.
        if (starts && this.#measure(style, size, line.trimEnd()) > width)
          line = this.#cut(style, size, line, width, broken);
      }
      broken.push(line.trimEnd());
      lines.push(...broken.map((text) => ({ text, direction })));
    }
    return lines;
  }

  /**
   * A word longer than the line, cut where it must be: each line takes the longest start that fits (at least
   * one character), pushed to `lines`; answers the rest, which fits. A measure costs the length measured, so
   * the longest start is found by doubling and then halving within one line's length: trying one character
   * less at a time from the whole word took minutes for a long one, the whole server waiting. Cuts fall
   * between characters, never inside a surrogate pair.
   */
  #cut(style: Style, size: number, word: string, width: number, lines: string[]): string {
    const chars = [...word];
    const over = (from: number, to: number) => this.#measure(style, size, chars.slice(from, to).join('')) > width;
    let start = 0;
    while (chars.length - start > 1) {
      let fits = start + 1;
      let tooLong = start + 2;
      while (tooLong < chars.length && !over(start, tooLong)) {
        fits = tooLong;
        tooLong = start + 2 * (tooLong - start);
      }
      if (tooLong >= chars.length) {
        if (this.#measure(style, size, chars.slice(start).join('').trimEnd()) <= width) break;
        tooLong = chars.length;
      }
      while (tooLong - fits > 1) {
        const mid = (fits + tooLong) >> 1;
        if (over(start, mid)) tooLong = mid;
        else fits = mid;
      }
      lines.push(chars.slice(start, fits).join(''));
      start = fits;
    }
    return chars.slice(start).join('');
  }

  #lines(lines: Line[], x: number, style: Style, size: number, color = INK): void {
    const leading = size * 1.35;
    for (const { text, direction } of lines) {
      if (this.#y - leading < MARGIN) this.#newPage();
      this.#y -= leading;
      // The page's content stream is made where drawing at once made it, so the objects keep their order.
      this.#page.pushOperators();
      let runX = x;
      for (const run of visualRuns(text, direction, (ch) => this.#fontFor(style, ch))) {
        this.#placed.push({ ...run, page: this.#page, x: runX, y: this.#y, size, style, color });
        runX += this.#runWidth(style, size, run);
      }
    }
  }

  heading(text: string, size = 16): this {
    this.space(size * 0.6);
    this.#lines(this.#wrap('bold', size, text, this.#width), MARGIN, 'bold', size);
    this.space(4);
    return this;
  }

  paragraph(text: string, options: { size?: number; muted?: boolean } = {}): this {
    const size = options.size ?? 10.5;
    this.#lines(this.#wrap('regular', size, text, this.#width), MARGIN, 'regular', size, options.muted ? MUTED : INK);
    this.space(4);
    return this;
  }

  /** A label in bold on the left third, its value wrapped on the right. */
  row(label: string, value: string, size = 10.5): this {
    const labelWidth = this.#width * 0.36;
    const gap = 12;
    const labelLines = this.#wrap('bold', size, label, labelWidth);
    const valueLines = this.#wrap('regular', size, value, this.#width - labelWidth - gap);
    const height = Math.max(labelLines.length, valueLines.length) * size * 1.35;
    if (height > this.#y - MARGIN) {
      if (height > A4[1] - 2 * MARGIN) {
        // Longer than a page: the label, then the value beneath it at full width.
        this.#lines(labelLines, MARGIN, 'bold', size);
        this.#lines(this.#wrap('regular', size, value, this.#width), MARGIN, 'regular', size);
        return this.space(4);
      }
      this.#newPage();
    }
    const top = this.#y;
    this.#lines(labelLines, MARGIN, 'bold', size);
    const afterLabel = this.#y;
    this.#y = top;
    this.#lines(valueLines, MARGIN + labelWidth + gap, 'regular', size);
    this.#y = Math.min(this.#y, afterLabel) - 4;
    return this;
  }

  space(points: number): this {
    this.#y -= points;
    return this;
  }

  async bytes(): Promise<Uint8Array> {
    // Fallbacks have no bold: a bold run in one is set in its regular face.
    const fonts = new Map<number, PDFFont>();
    for (const { font } of this.#placed)
      if (font > 0 && !fonts.has(font))
        fonts.set(font, await this.#doc.embedFont(this.#fallbacks[font - 1]!.bytes, { subset: true }));
    for (const { text, font, page, x, y, size, style, color } of this.#placed)
      page.drawText(text, {
        x,
        y,
        size,
        font: font > 0 ? fonts.get(font)! : style === 'bold' ? this.#bold : this.#regular,
        color,
      });
    const pages = this.#doc.getPages();
    pages.forEach((page, i) =>
      page.drawText(`Page ${i + 1} of ${pages.length}`, {
        x: MARGIN,
        y: MARGIN / 2,
        size: 8,
        font: this.#regular,
        color: MUTED,
      }),
    );
    return this.#doc.save();
  }
}
