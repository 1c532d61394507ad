import { existsSync, readFileSync } from 'node:fs';
import fontkit, { type Font } from '@pdf-lib/fontkit';

/**
 * Fonts for what DejaVu Sans lacks, from Debian packages (no npm package ships a CJK font), used by the PDFs
 * when installed (docs/decisions/0063). Tamil is not among them: fonts-lohit-taml has the glyphs, but
 * @pdf-lib/fontkit's shaper for Tamil (and the other Indic scripts) throws "regeneratorRuntime is not
 * defined" on any Tamil text, which would fail the whole document; so Tamil prints as '?' as before.
 */
export interface FallbackFont {
  script: string;
  debianPackage: string;
  path: string;
}

export const FALLBACK_FONTS: readonly FallbackFont[] = [
  {
    script: 'Chinese',
    debianPackage: 'fonts-droid-fallback',
    path: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
  },
];

/** The fallbacks on this machine, looked for once when the server starts. */
export const installedFallbacks: readonly FallbackFont[] = FALLBACK_FONTS.filter((font) => existsSync(font.path));

const UNSHAPED = "Tamil prints as '?' (docs/decisions/0063)";

/** The start banner's line: what the PDFs print, and what prints as '?' with the package that adds it. */
export function pdfFontsLine(installed: readonly FallbackFont[]): string {
  const missing = FALLBACK_FONTS.filter((font) => !installed.includes(font));
  if (missing.length === 0)
    return `PDF fonts: DejaVu Sans, ${installed.map((f) => `${f.script} from ${f.debianPackage}`).join(', ')}; ${UNSHAPED}`;
  const prints = missing.map((f) => `${f.script} prints as '?' (apt-get install ${f.debianPackage})`);
  return `PDF fonts: ${[...prints, UNSHAPED].join('; ')}`;
}

/** A fallback read once, on the first PDF that may need it: its bytes to embed, what it has, how wide. */
export interface LoadedFallback {
  bytes: Uint8Array;
  has(codePoint: number): boolean;
  /** As pdf-lib measures an embedded font, so lines measured here fit once drawn. */
  widthOfTextAtSize(text: string, size: number): number;
}

let loaded: readonly LoadedFallback[] | undefined;
export const loadedFallbacks = (): readonly LoadedFallback[] => (loaded ??= installedFallbacks.map(load));

function load({ path }: FallbackFont): LoadedFallback {
  const bytes = readFileSync(path);
  const font = fontkit.create(bytes);
  padSubsetGlyphs(font);
  const chars = new Set(font.characterSet);
  const scale = 1000 / font.unitsPerEm;
  return {
    bytes,
    has: (codePoint) => chars.has(codePoint),
    widthOfTextAtSize: (text, size) =>
      (font.layout(text).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth * scale, 0) * size) / 1000,
  };
}

interface TtfSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(glyphId: number): number;
}

/**
 * @pdf-lib/fontkit (1.1.1, the last) writes a subset's glyph offsets halved, in the short format, whenever
 * they fit, without padding each glyph to an even length: after a glyph of odd length every later one is
 * read a byte off and prints as fragments (Droid Sans Fallback has such glyphs; DejaVu's are all even).
 * Padding a glyph with a zero byte is allowed and changes nothing else, so every copied glyph is padded to
 * an even length. Done once, on the subset class all TrueType fonts share.
 */
let padded = false;
function padSubsetGlyphs(font: Font): void {
  if (padded) return;
  padded = true;
  const subsetClass = Object.getPrototypeOf(font.createSubset()) as TtfSubset;
  const addGlyph = subsetClass._addGlyph;
  subsetClass._addGlyph = function (this: TtfSubset, glyphId) {
    const index = addGlyph.call(this, glyphId);
    const glyph = this.glyf[index]!;
    if (glyph.length % 2 === 1) {
      // The Buffer class fontkit bundles, which its encoder requires.
      const FontkitBuffer = glyph.constructor as typeof Buffer;
      this.glyf[index] = FontkitBuffer.concat([glyph, FontkitBuffer.alloc(1)]);
      this.offset += 1;
    }
    return index;
  };
}
