import { existsSync, readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';
import { layoutDirection } from './bidi.ts';

/**
 * Fonts for what DejaVu Sans lacks, from Debian packages (no npm package ships a CJK or Tamil font, nor emoji
 * as outlines), used by the PDFs when installed (docs/decisions/0065, 0075).
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
  {
    script: 'Tamil',
    debianPackage: 'fonts-lohit-taml',
    path: '/usr/share/fonts/truetype/lohit-tamil/Lohit-Tamil.ttf',
  },
  {
    // Black and white outlines of the emoji of Unicode 9 (2016); newer ones print as '?' (docs/decisions/0075).
    script: 'Emoji',
    debianPackage: 'fonts-symbola',
    path: '/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf',
  },
];

/** The fallbacks on this machine, looked for once when the server starts. */
export const installedFallbacks: readonly FallbackFont[] = FALLBACK_FONTS.filter((font) => existsSync(font.path));

/** The start banner's line: what the PDFs print, and what prints as '?' with the package that adds it. */
export function pdfFontsLine(installed: readonly FallbackFont[]): string {
  const missing = FALLBACK_FONTS.filter((font) => !installed.includes(font));
  const prints = [
    ['DejaVu Sans', ...installed.map((f) => `${f.script} from ${f.debianPackage}`)].join(', '),
    ...missing.map((f) => `${f.script} prints as '?' (apt-get install ${f.debianPackage})`),
  ];
  return `PDF fonts: ${prints.join('; ')}`;
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
  const font = openFont(bytes);
  const chars = new Set(font.characterSet);
  const scale = 1000 / font.unitsPerEm;
  return {
    bytes,
    has: (codePoint) => chars.has(codePoint),
    widthOfTextAtSize: (text, size) =>
      (font.layout(text).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth * scale, 0) * size) / 1000,
  };
}

/** A font file as fontkit reads it; a collection (.ttc) is not one of ours. */
function openFont(bytes: Uint8Array): fontkit.Font {
  const font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!('createSubset' in font)) throw new Error('a font collection, not a font');
  return font;
}

/**
 * fontkit as pdf-lib 1.17 calls it. pdf-lib was written against its own fork of fontkit 1, whose subsets
 * printed glyphs of odd length as fragments and whose Tamil shaping threw (docs/decisions/0065); upstream
 * fontkit 2 fixes both, and differs in one call pdf-lib makes: a subset's bytes come from `encode()`, not
 * from an `encodeStream()` read by its events. This gives each subset that one call, and lays each string out
 * in the direction the bidirectional algorithm gave it rather than its script's (docs/decisions/0097).
 */
export const pdfFontkit: PdfLibFontkit = {
  create(bytes) {
    const font = openFont(bytes);
    const createSubset = font.createSubset.bind(font);
    const layout = font.layout.bind(font);
    const shaped = new Map<string, ReturnType<typeof layout>>();
    const withStream = Object.assign(font, {
      createSubset: () => {
        const subset = createSubset();
        return Object.assign(subset, { encodeStream: () => encodedOnce(() => subset.encode()) });
      },
      // pdf-lib asks for no direction, so fontkit took the script's: a run's is that of its first strong character.
      // Each text is shaped once a document (pdf-lib reads the glyphs, never changes them): pdf-lib shapes a run
      // to measure it and again to draw it, and text that changes script at every letter is thousands of runs.
      layout: (text: string, features?: Parameters<typeof layout>[1]) => {
        if (features !== undefined) return layout(text, features, undefined, undefined, layoutDirection(text));
        let run = shaped.get(text);
        if (!run) shaped.set(text, (run = layout(text, undefined, undefined, undefined, layoutDirection(text))));
        return run;
      },
    });
    // fontkit 2's own types leave out tables pdf-lib reads (cff, head, post), which its fonts have.
    return withStream as unknown as ReturnType<PdfLibFontkit['create']>;
  },
};

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];

type StreamEvents = { data?: (bytes: Uint8Array) => void; end?: () => void; error?: (error: unknown) => void };

/** The `on('data' | 'end' | 'error')` stream pdf-lib reads a subset from, carrying the bytes in one piece. */
function encodedOnce(encode: () => Uint8Array) {
  const listeners: StreamEvents = {};
  const stream = {
    on<E extends keyof StreamEvents>(event: E, listener: NonNullable<StreamEvents[E]>) {
      listeners[event] = listener;
      return stream;
    },
  };
  queueMicrotask(() => {
    try {
      listeners.data?.(encode());
      listeners.end?.();
    } catch (error) {
      listeners.error?.(error);
    }
  });
  return stream;
}
