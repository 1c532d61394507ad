import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const read = new Map<string, Buffer>();

/**
 * The built app's index.html, read once per process (it is small and changes only with a new build, and so
 * a new process): the same bytes are sent to browsers (static.ts) and hashed for the CSP
 * (security-headers.ts). Undefined when the app is not built (the API alone is served).
 */
export function builtIndexHtml(webDist: string): Buffer | undefined {
  const file = path.join(path.resolve(webDist), 'index.html');
  let html = read.get(file);
  if (!html && existsSync(file)) {
    html = readFileSync(file);
    read.set(file, html);
  }
  return html;
}

/**
 * The CSP sources ('sha256-…') that allow the page's inline scripts, and no others: the build inlines its
 * small route gate into index.html (docs/decisions/0012-prerendered-home.md). A browser hashes a script's
 * text as parsed: the HTML parser turns CR LF and CR into LF first, and a script's text has no entities.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attrs]) => !/\ssrc\s*=/i.test(attrs!))
    .map(
      ([, , text]) => `'sha256-${createHash('sha256').update(text!.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`,
    );
  return [...new Set(hashes)];
}
