/**
 * Benches build the web app into their own directory (bench/out/web) and point the server at it
 * (WEB_DIST), so a build made meanwhile by someone else in dist/web cannot change what is measured.
 * The same build as `npm run build` (scripts/build.ts).
 */
import path from 'node:path';
import { buildWeb as build } from '../../scripts/build.ts';
import { OUT_DIR, ROOT } from './results.ts';

export const BENCH_WEB_DIST = path.join(OUT_DIR, 'web');

export async function buildWeb(outDir = BENCH_WEB_DIST): Promise<string> {
  const started = performance.now();
  await build(outDir, { withPrerender: !process.argv.includes('--no-prerender') });
  console.log(`built the web app into ${path.relative(ROOT, outDir)} in ${Math.round(performance.now() - started)} ms`);
  return outDir;
}
