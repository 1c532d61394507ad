/** The part of jsdom that scripts/prerender.ts uses (jsdom ships no types; @types/jsdom is not installed). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(
      html?: string,
      options?: { url?: string; pretendToBeVisual?: boolean; runScripts?: 'dangerously' | 'outside-only' },
    );
    readonly window: Record<string, unknown> & { close(): void };
  }
}
