/**
 * Bytes of the web app per route (gzip -9, as the size budget counts them): JavaScript that #/home and
 * #/login load, the CSS, and for every other route the chunk of its own screen.
 * Run: npm run bench:size (after npm run build)
 */
import { BUDGET, gzipBytes, kb, measure, readManifest, routeScreens, staticFiles } from '../scripts/size-budget.ts';
import { BENCH_WEB_DIST } from './lib/build.ts';
import { FLOORS, floorDist } from './lib/floor.ts';
import { ensureBuilt } from './lib/server.ts';
import { newResult, report } from './lib/results.ts';

ensureBuilt();
ensureBuilt(floorDist(FLOORS[0].source)); // the floor: npm run bench:build builds it beside the app
const result = newResult('size', 'Web: bytes per route (gzip -9)', 'npm run bench:build && npm run bench:size');
const size = measure(BENCH_WEB_DIST);
const budget = (name: string, value: number, limit: number) =>
  result.figures.push({
    name,
    value: kb(value),
    target: `≤ ${kb(limit)}`,
    pass: value <= limit,
  });
budget('JavaScript for #/home', size.homeJs, BUDGET.jsGzipBytes);
budget('JavaScript for #/login', size.loginJs, BUDGET.jsGzipBytes);
budget('CSS', size.css, BUDGET.cssGzipBytes);

// The floor, built by the same Vite: a bare React 19 page's JavaScript (its entry and static imports).
const floorDir = floorDist(FLOORS[0].source);
const floorManifest = readManifest(floorDir);
const floorEntry = Object.keys(floorManifest).find((k) => floorManifest[k]!.isEntry)!;
const floorJs = [...staticFiles(floorManifest, [floorEntry]).js].reduce((n, f) => n + gzipBytes(f, floorDir), 0);
result.figures.push({ name: `JavaScript of ${FLOORS[0].what} (the floor)`, value: kb(floorJs) });
// Context, not a target of its own: the issue's 85 KB is 1.25× its 68 KB floor.
for (const [route, bytes] of [
  ['#/home', size.homeJs],
  ['#/login', size.loginJs],
] as const) {
  result.figures.push({ name: `JavaScript for ${route} ÷ the floor`, value: (bytes / floorJs).toFixed(3), unit: '×' });
}

const manifest = readManifest(BENCH_WEB_DIST);
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const home = staticFiles(manifest, [entryKey]).js;
const rows: string[] = [];
const inEntry: string[] = [];
const seen = new Set<string>();
for (const screen of routeScreens()) {
  if (!screen.module) {
    rows.push(`| ${screen.route} | (in the entry chunk) | 0 |`);
    continue;
  }
  const chunk = manifest[screen.module];
  if (!chunk) {
    rows.push(`| ${screen.route} | ${screen.module}: not in the manifest | |`);
    continue;
  }
  const own = [...staticFiles(manifest, [screen.module]).js].filter((f) => !home.has(f));
  if (home.has(chunk.file)) inEntry.push(`${screen.route} (${screen.module})`);
  const extra = own.reduce((n, f) => n + gzipBytes(f, BENCH_WEB_DIST), 0);
  rows.push(`| ${screen.route} | ${chunk.file}${own.length > 1 ? ` + ${own.length - 1} shared` : ''} | ${kb(extra)} |`);
  seen.add(screen.module);
}
result.figures.push({
  name: 'screens other than home inside the entry chunk',
  value: inEntry.length,
  target: '0 (each screen its own chunk)',
  pass: inEntry.length === 0,
});

const contributors = [...home]
  .map((f) => ({ f, gz: gzipBytes(f, BENCH_WEB_DIST) }))
  .sort((a, b) => b.gz - a.gz)
  .map(({ f, gz }) => `| ${f} | ${kb(gz)} |`);
result.details = [
  'JavaScript loaded up front (entry and its static imports):',
  '',
  '| file | gzip -9 |',
  '|---|---|',
  ...contributors,
  '',
  'Per route, what its screen adds beyond the entry (static imports of the screen chunk):',
  '',
  '| route | chunk | adds (gzip -9) |',
  '|---|---|---|',
  ...rows,
  '',
  `Beyond home, #/login loads: ${size.loginFiles.filter((f) => !size.homeFiles.includes(f)).join(', ') || 'nothing'}.`,
].join('\n');
if (size.homeJs > BUDGET.jsGzipBytes || size.loginJs > BUDGET.jsGzipBytes) {
  result.notes!.push(
    'Over budget: the biggest files above say where the bytes are. A schema library (zod) on a first-load path, ' +
      'or shell features that could load on first use (dialogs, session warning), are the usual causes.',
  );
}
if (inEntry.length > 0) result.notes!.push(`Screens bundled into the entry: ${inEntry.join(', ')}.`);
report(result);
