/**
 * Bytes of the web app per route (gzip -9, as the size budget counts them): JavaScript that #/home and
 * #/login load, the CSS, and for every other route the chunk of its own screen (target ≤ 20 KB each).
 * Run: npm run bench:size (after npm run build)
 */
import path from 'node:path';
import { ROUTES } from '#contract/paths.ts';
import {
  BUDGET,
  SCREEN_CHUNK_TARGET_BYTES,
  gzipBytes,
  kb,
  measure,
  readManifest,
  routeLabel,
  routeScreens,
  screenChunks,
  staticFiles,
} from '../scripts/size-budget.ts';
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
// Context, not a target of its own: the 85 KB is 1.25× its 68 KB floor.
for (const [route, bytes] of [
  ['#/home', size.homeJs],
  ['#/login', size.loginJs],
] as const) {
  result.figures.push({ name: `JavaScript for ${route} ÷ the floor`, value: (bytes / floorJs).toFixed(3), unit: '×' });
}

const manifest = readManifest(BENCH_WEB_DIST);
const screens = routeScreens();
const chunks = screenChunks(manifest, screens, (f) => gzipBytes(f, BENCH_WEB_DIST));
const inEntry = chunks.filter((c) => c.inEntry).map((c) => `${c.route} (${c.module})`);
const rows: string[] = [];
for (const screen of screens) {
  const c = chunks.find((row) => row.route === screen.route);
  const route = routeLabel(screen.route, ROUTES);
  if (!screen.module) rows.push(`| ${route} | (in the entry chunk) | | | |`);
  else if (!c) rows.push(`| ${route} | ${screen.module}: not in the manifest | | | |`);
  else {
    const met = c.bytes <= SCREEN_CHUNK_TARGET_BYTES ? 'yes' : '**no**';
    const shared = c.shared.length > 0 ? `${kb(c.sharedBytes)} (${c.shared.length})` : '0';
    rows.push(`| ${route} | ${c.file} | ${kb(c.bytes)} | ${met} | ${shared} |`);
  }
}
// One figure per screen chunk (several routes share one: the content pages, the error screens).
const byFile = new Map<string, typeof chunks>();
for (const c of chunks) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
for (const [file, same] of byFile) {
  const bytes = same[0]!.bytes;
  result.figures.push({
    name: `screen chunk of ${same.map((c) => routeLabel(c.route, ROUTES)).join(', ')} (${path.basename(file)})`,
    value: kb(bytes),
    target: `≤ ${kb(SCREEN_CHUNK_TARGET_BYTES)}`,
    pass: bytes <= SCREEN_CHUNK_TARGET_BYTES,
  });
}
result.figures.push({
  name: 'screens other than home inside the entry chunk',
  value: inEntry.length,
  target: '0 (each screen its own chunk)',
  pass: inEntry.length === 0,
});

const contributors = size.homeFiles
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
  'Per route, its lazily loaded screen chunk (target ≤ 20 kB each, reported, not a budget), and the chunks it',
  'imports statically that the entry does not load (shared with other screens, fetched once):',
  '',
  '| route | screen chunk | gzip -9 | ≤ 20 kB | shared chunks beyond the entry (count) |',
  '|---|---|---|---|---|',
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
const overTarget = [...byFile.keys()].filter((f) => byFile.get(f)![0]!.bytes > SCREEN_CHUNK_TARGET_BYTES);
if (overTarget.length > 0) {
  result.notes!.push(
    `Screen chunks over ${kb(SCREEN_CHUNK_TARGET_BYTES)}: ${overTarget.map((f) => path.basename(f)).join(', ')}. ` +
      'What is in one: the chunk itself in bench/out/web/assets, and the modules its screen imports.',
  );
}
if (inEntry.length > 0) result.notes!.push(`Screens bundled into the entry: ${inEntry.join(', ')}.`);
report(result);
