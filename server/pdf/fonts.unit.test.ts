import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { pdfText } from '../test/pdf-text.ts';
import { renderAcknowledgement } from './acknowledgement.ts';
import { FALLBACK_FONTS, installedFallbacks, pdfFontkit, pdfFontsLine } from './fonts.ts';

/** The names of the fonts a PDF embeds. */
async function fontsOf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object) => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'))
    .map((font) => String((font as PDFDict).get(PDFName.of('BaseFont'))));
}

const acknowledgement = (submittedBy: string, creditor = submittedBy) =>
  renderAcknowledgement({
    eserviceTitle: 'Payment by Debtor',
    caseNumber: 'PD 000042 2026',
    submittedAt: new Date('2026-11-25T06:05:00Z'),
    submittedBy,
    sections: [{ heading: `Creditor ${creditor}`, rows: [{ label: creditor, value: `${creditor} Pte. Ltd.` }] }],
    files: [],
    digest: 'digest',
    contactPhone: '1800-225-5529',
  });

// Without Debian's fonts these are skipped with a reason, except in CI (.ci/run installs them), where a
// missing font must fail the run, as the ClamAV tests do (server/test/global-setup.ts).
function fallback(script: string) {
  const font = FALLBACK_FONTS.find((f) => f.script === script)!;
  const installed = installedFallbacks.includes(font);
  if (!installed) {
    if (process.env.CI)
      throw new Error(`${font.path} is missing: install Debian's ${font.debianPackage} (.ci/run does)`);
    process.stderr.write(
      `${font.path} is missing: the ${script} PDF tests are skipped (apt-get install ${font.debianPackage})\n`,
    );
  }
  return { font, installed };
}
const { font: cjk, installed: hasCjk } = fallback('Chinese');
const { font: tamil, installed: hasTamil } = fallback('Tamil');
const { installed: hasEmoji } = fallback('Emoji');

describe.skipIf(!hasCjk)('Chinese in the PDFs', () => {
  it('prints a name in Latin and Chinese as written, in headings, labels and values', async () => {
    const text = await pdfText(await acknowledgement('Ánh Nguyễn 李小龍'));
    expect(text).toContain('Submitted by Ánh Nguyễn 李小龍');
    expect(text).toContain('Creditor Ánh Nguyễn 李小龍');
    expect(text).toContain('Ánh Nguyễn 李小龍 Ánh Nguyễn 李小龍 Pte. Ltd.');
  });

  it('wraps and cuts a long Chinese name within the line', async () => {
    const long = '陈'.repeat(120);
    const text = await pdfText(await acknowledgement(long));
    expect(text.replace(/\s+/g, '')).toContain(`Submittedby${long}`);
  });

  it('embeds the font, a subset, only in a document that needs it', async () => {
    expect(await fontsOf(await acknowledgement('Tan Ah Kow'))).not.toContainEqual(
      expect.stringContaining('DroidSansFallback'),
    );
    const chinese = await acknowledgement('陈大文');
    expect(await fontsOf(chinese)).toContainEqual(expect.stringContaining('DroidSansFallback'));
    // A few glyphs, not the 4 MB font.
    expect(chinese.length).toBeLessThan(100_000);
  });

  it('copies every glyph of the subset whole, outline for outline', async () => {
    // fontkit 1 (pdf-lib's fork) printed glyphs of odd length, which this font has, as fragments.
    const font = pdfFontkit.create(readFileSync(cjk.path));
    const glyphs = [...'李小龍陈大文'].map((ch) => font.glyphForCodePoint(ch.codePointAt(0)!));
    const subset = font.createSubset();
    for (const glyph of glyphs) subset.includeGlyph(glyph);
    const parts: Uint8Array[] = [];
    await new Promise((resolve) =>
      subset
        .encodeStream()
        .on('data', (part: Uint8Array) => parts.push(part))
        .on('end', resolve),
    );
    const copy = fontkit.create(Buffer.concat(parts)) as fontkit.Font;
    glyphs.forEach((glyph, i) => expect(copy.getGlyph(i + 1).path.toSVG()).toBe(glyph.path.toSVG()));
  });
});

describe.skipIf(!hasTamil)('Tamil in the PDFs', () => {
  it('prints a Tamil name shaped, its vowel signs drawn before their consonant as Tamil is written', async () => {
    const pdf = await acknowledgement('செல்வி முருகன்', 'கை தமிழ்செல்வி');
    expect(await fontsOf(pdf)).toContainEqual(expect.stringContaining('Lohit-Tamil'));
    // A PDF's text is its glyphs in the order they are drawn: the vowel sign of செ (ெ) before ச, and ை
    // before க, which an unshaped line would draw after them.
    const text = await pdfText(pdf);
    expect(text).toContain('Submitted by ெசல்வி முருகன்');
    expect(text).toContain('Creditor ைக தமிழ்ெசல்வி');
  });

  it('wraps a long Tamil name within the line', async () => {
    const long = Array.from({ length: 30 }, () => 'முருகன்').join(' ');
    const text = await pdfText(await acknowledgement(long));
    expect(text.replace(/\s+/g, '')).toContain(`Submittedby${long.replace(/\s+/g, '')}`);
  });

  it('shapes an answer that changes script at every letter about as often as Tamil prose', async () => {
    // Every shaping, to measure a run or to draw it, is a call of fontkit's layout on the font's class:
    // counted, unlike a time, it does not depend on the machine.
    const fontClass = Object.getPrototypeOf(fontkit.create(readFileSync(tamil.path)));
    const shapings = async (answer: string) => {
      const layout = vi.spyOn(fontClass, 'layout');
      await acknowledgement('Tan Ah Kow', answer);
      const count = layout.mock.calls.length;
      layout.mockRestore();
      return count;
    };
    const prose = await shapings('தமிழ் மொழி '.repeat(182));
    // 2,000 characters, a run of each script for every letter.
    const alternating = await shapings('aத'.repeat(1000));
    // Before each run was shaped once a document: 85,964 against 36,458; now about a hundred each.
    expect(alternating).toBeLessThan(2 * prose);
    expect(alternating).toBeLessThan(1000);
  });
});

describe.skipIf(!hasEmoji)('emoji in the PDFs', () => {
  it('prints emoji as typed on a phone, in black and white', async () => {
    const pdf = await acknowledgement('Tan 😀 👍 🙏🎉');
    expect(await fontsOf(pdf)).toContainEqual(expect.stringContaining('Symbola'));
    expect(await pdfText(pdf)).toContain('Submitted by Tan 😀 👍 🙏🎉');
  });
});

describe('characters no font can print', () => {
  it('prints Devanagari as ? rather than failing the document', async () => {
    const text = await pdfText(await acknowledgement('नमस्ते Tan'));
    expect(text).toContain('Submitted by ?????? Tan');
  });

  it('leaves out the invisible marks that choose how an emoji is drawn, rather than print them as ?', async () => {
    // U+FE0F asks for the coloured form of ❤, which prints in the form a font has; U+200D joins 👨 and 👩
    // into one family on a phone, and is left out where the two print side by side.
    const text = await pdfText(await acknowledgement('Tan \u2764\uFE0F \u{1F468}\u200D\u{1F469}'));
    expect(text).toContain('Submitted by Tan \u2764 \u{1F468}\u{1F469}\n');
  });
});

describe('the start line on PDF fonts', () => {
  it('names the scripts that print as ? and the Debian packages that add them', () => {
    expect(pdfFontsLine([])).toBe(
      "PDF fonts: DejaVu Sans; Chinese prints as '?' (apt-get install fonts-droid-fallback); Tamil prints as '?' (apt-get install fonts-lohit-taml); Emoji prints as '?' (apt-get install fonts-symbola)",
    );
    expect(pdfFontsLine(FALLBACK_FONTS)).toBe(
      'PDF fonts: DejaVu Sans, Chinese from fonts-droid-fallback, Tamil from fonts-lohit-taml, Emoji from fonts-symbola',
    );
  });
});
