/**
 * The web app's build, the same for `npm run build`, `npm start` (scripts/build-if-needed.ts) and the benches:
 * vite build, the prerendered pages (prerender.ts), the brotli and gzip copies (precompress.ts).
 *
 * It builds beside the current build and takes its place only when done, bringing the previous build's
 * assets along (docs/decisions/0072-a-release-keeps-the-previous-builds-assets.md): a tab opened before a
 * release still loads the screens it had not opened yet, and a server still running the previous release
 * still finds its files.
 *
 * Run: node scripts/build.ts [outDir] [--no-prerender]   (default dist/web)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';
import { readManifest } from './size-budget.ts';

const root = path.resolve(import.meta.dirname, '..');
export const WEB_DIST = path.join(root, 'dist/web');

export async function buildWeb(outDir = WEB_DIST, { withPrerender = true } = {}): Promise<void> {
  const next = `${outDir}.next`;
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      next,
      '--emptyOutDir',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (withPrerender) await prerender(next);
  precompress(next);
  replaceBuild(outDir, next);
}

/** The files a build wrote under assets/, as its manifest names them (what it carried along is not named). */
function ownAssets(dir: string): string[] {
  const files = new Set<string>();
  for (const chunk of Object.values(readManifest(dir))) {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  }
  return [...files];
}

/**
 * Puts the finished build in `next` in the place of the one in `outDir`, carrying the previous build's own
 * assets (and their compressed copies) that the new one lacks. One release back only: what the previous
 * build had itself carried is left behind, so the folder does not grow with every release.
 */
export function replaceBuild(outDir: string, next: string): void {
  if (existsSync(path.join(outDir, '.vite/manifest.json'))) {
    for (const file of ownAssets(outDir)) {
      for (const copy of [file, `${file}.br`, `${file}.gz`]) {
        const from = path.join(outDir, copy);
        const to = path.join(next, copy);
        if (!existsSync(from) || existsSync(to)) continue;
        mkdirSync(path.dirname(to), { recursive: true });
        copyFileSync(from, to);
      }
    }
  }
  // A server serving outDir meanwhile finds the old build or the new one, each whole; nothing only between
  // the two renames, a moment rather than the build's several seconds.
  const old = `${outDir}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(next, outDir);
  rmSync(old, { recursive: true, force: true });
}

if (import.meta.main) {
  const outDir = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  await buildWeb(outDir ? path.resolve(outDir) : WEB_DIST, { withPrerender: !process.argv.includes('--no-prerender') });
  // The prerender step leaves the app's module state behind in this process: the build is done.
  process.exit(0);
}
