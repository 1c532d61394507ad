/**
 * Benches build the web app into their own directory (bench/out/web) and point the server at it
 * (WEB_DIST), so a build made meanwhile by someone else in dist/web cannot change what is measured.
 * The same steps as `npm run build`: vite build, then the brotli/gzip copies.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { precompress } from '../../scripts/precompress.ts';
import { prerender } from '../../scripts/prerender.ts';
import { OUT_DIR, ROOT } from './results.ts';

export const BENCH_WEB_DIST = path.join(OUT_DIR, 'web');

export async function buildWeb(outDir = BENCH_WEB_DIST): Promise<string> {
  const started = performance.now();
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  await runPostBuildSteps(outDir);
  console.log(`built the web app into ${path.relative(ROOT, outDir)} in ${Math.round(performance.now() - started)} ms`);
  return outDir;
}

/** What `npm run build` does after vite build (kept in step with package.json's build script). */
async function runPostBuildSteps(outDir: string): Promise<void> {
  if (!process.argv.includes('--no-prerender')) await prerender(outDir);
  precompress(outDir);
}
