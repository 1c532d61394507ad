import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A small flowing-text layout over pdf-lib for the portal's PDFs (acknowledgements, extracts, receipts):
 * headings, label/value rows and paragraphs on A4, wrapped to the width and continued on new pages.
 * DejaVu Sans is embedded (subset) so names with accents and other Latin, Greek or Cyrillic letters print
 * as typed; a character the font lacks prints as '?' rather than failing the whole document.
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

export interface PdfMeta {
  title: string;
  subject: string;
}

export class PdfWriter {
  readonly #doc: PDFDocument;
  readonly #regular: PDFFont;
  readonly #bold: PDFFont;
  #page!: PDFPage;
  #y = 0;

  private constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.#doc = doc;
    this.#regular = regular;
    this.#bold = bold;
    this.#newPage();
  }

  static async create(meta: PdfMeta, now: Date): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
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

  /** Text the font can draw: characters it lacks become '?'. */
  #printable(font: PDFFont, text: string): string {
    const supported = new Set(font.getCharacterSet());
    return [...text.replace(/\r\n?/g, '\n')]
      .map((ch) => (ch === '\n' || supported.has(ch.codePointAt(0)!) ? ch : '?'))
      .join('');
  }

  #wrap(font: PDFFont, size: number, text: string, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.#printable(font, text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/(\s+)/)) {
        const candidate = line + word;
        if (font.widthOfTextAtSize(candidate.trimEnd(), size) <= width || line === '') {
          line = candidate;
          if (font.widthOfTextAtSize(line.trimEnd(), size) > width) line = this.#cut(font, size, line, width, lines);
        } else {
          lines.push(line.trimEnd());
          line = word.trimStart();
        }
      }
      lines.push(line.trimEnd());
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
  #cut(font: PDFFont, size: number, word: string, width: number, lines: string[]): string {
    const chars = [...word];
    const over = (from: number, to: number) => font.widthOfTextAtSize(chars.slice(from, to).join(''), size) > width;
    let start = 0;
    while (chars.length - start > 1) {
      let fits = start + 1;
      let tooLong = start + 2;
      while (tooLong < chars.length && !over(start, tooLong)) {
        fits = tooLong;
        tooLong = start + 2 * (tooLong - start);
      }
      if (tooLong >= chars.length) {
        if (font.widthOfTextAtSize(chars.slice(start).join('').trimEnd(), size) <= width) break;
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

  #lines(lines: string[], x: number, font: PDFFont, size: number, color = INK): void {
    const leading = size * 1.35;
    for (const line of lines) {
      if (this.#y - leading < MARGIN) this.#newPage();
      this.#y -= leading;
      this.#page.drawText(line, { x, y: this.#y, size, font, color });
    }
  }

  heading(text: string, size = 16): this {
    this.space(size * 0.6);
    this.#lines(this.#wrap(this.#bold, size, text, this.#width), MARGIN, this.#bold, size);
    this.space(4);
    return this;
  }

  paragraph(text: string, options: { size?: number; muted?: boolean } = {}): this {
    const size = options.size ?? 10.5;
    this.#lines(
      this.#wrap(this.#regular, size, text, this.#width),
      MARGIN,
      this.#regular,
      size,
      options.muted ? MUTED : INK,
    );
    this.space(4);
    return this;
  }

  /** A label in bold on the left third, its value wrapped on the right. */
  row(label: string, value: string, size = 10.5): this {
    const labelWidth = this.#width * 0.36;
    const gap = 12;
    const labelLines = this.#wrap(this.#bold, size, label, labelWidth);
    const valueLines = this.#wrap(this.#regular, size, value, this.#width - labelWidth - gap);
    const height = Math.max(labelLines.length, valueLines.length) * size * 1.35;
    if (height > this.#y - MARGIN) {
      if (height > A4[1] - 2 * MARGIN) {
        // Longer than a page: the label, then the value beneath it at full width.
        this.#lines(labelLines, MARGIN, this.#bold, size);
        this.#lines(this.#wrap(this.#regular, size, value, this.#width), MARGIN, this.#regular, size);
        return this.space(4);
      }
      this.#newPage();
    }
    const top = this.#y;
    this.#lines(labelLines, MARGIN, this.#bold, size);
    const afterLabel = this.#y;
    this.#y = top;
    this.#lines(valueLines, MARGIN + labelWidth + gap, this.#regular, size);
    this.#y = Math.min(this.#y, afterLabel) - 4;
    return this;
  }

  space(points: number): this {
    this.#y -= points;
    return this;
  }

  async bytes(): Promise<Uint8Array> {
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
