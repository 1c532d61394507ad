/**
 * The size budget (bytes, not time), run by `npm test` after the build: the JavaScript that the home
 * and login routes load, gzipped, and the CSS. Fails when either grows past its budget.
 * What a route loads: index.html's entry script and stylesheet, every chunk they import statically,
 * and for login its lazily loaded screen chunk with its static imports.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET = { jsGzipBytes: 85 * 1024, cssGzipBytes: 15 * 1024 } as const;

const dist = path.resolve(import.meta.dirname, '../dist/web');

function gz(file: string): number {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/** Follows static imports (`import … from "./x.js"`, `import "./x.js"`), not dynamic import(). */
function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    const dir = path.posix.dirname(file);
    for (const m of code.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      queue.push(path.posix.normalize(path.posix.join(dir, m[1]!)));
    }
  }
  return seen;
}

export interface SizeReport {
  homeJs: number;
  loginJs: number;
  css: number;
  files: string[];
}

export function measure(): SizeReport {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!);
  const home = staticClosure([...scripts, ...preloads]);
  const loginChunks = readFileSync(path.join(dist, scripts[0]!), 'utf8').match(/["'](\.\/Login[\w-]*\.js)["']/g) ?? [];
  const login = staticClosure([
    ...home,
    ...loginChunks.map((s) => path.posix.join('assets', s.slice(3, -1))).filter((f) => existsSync(path.join(dist, f))),
  ]);
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);
  return { homeJs: sum(home), loginJs: sum(login), css: sum(styles), files: [...login] };
}

if (import.meta.main) {
  const r = measure();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `size budget: home JS ${kb(r.homeJs)}, login JS ${kb(r.loginJs)} (budget ${kb(BUDGET.jsGzipBytes)}); CSS ${kb(r.css)} (budget ${kb(BUDGET.cssGzipBytes)}); gzip -9`,
  );
  const over = [
    r.homeJs > BUDGET.jsGzipBytes && `home JS ${kb(r.homeJs)} > ${kb(BUDGET.jsGzipBytes)}`,
    r.loginJs > BUDGET.jsGzipBytes && `login JS ${kb(r.loginJs)} > ${kb(BUDGET.jsGzipBytes)}`,
    r.css > BUDGET.cssGzipBytes && `CSS ${kb(r.css)} > ${kb(BUDGET.cssGzipBytes)}`,
  ].filter(Boolean);
  if (over.length > 0) {
    console.error(`size budget exceeded: ${over.join('; ')}`);
    process.exit(1);
  }
}
