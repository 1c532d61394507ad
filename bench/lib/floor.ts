/**
 * The floors the web figures are measured beside, in the same runs (as the API figures beside their
 * yardstick): a bare React 19 page, the floor of any React app (68 KB of JavaScript: docs/decisions/0026),
 * and a page without script or stylesheet, what Chromium itself costs. Built from bench/floor/ into
 * bench/out/floor/<name>/, each served by the real server (WEB_DIST) as the app is.
 */
import path from 'node:path';
import { build } from 'vite';
import { precompress } from '../../scripts/precompress.ts';
import { BENCH_DIR, OUT_DIR } from './results.ts';

export const FLOORS = [
  { name: 'floor-react', source: 'react', what: 'a bare React 19 page' },
  { name: 'floor-static', source: 'static', what: 'a page without script or stylesheet' },
] as const;

export const floorDist = (source: string) => path.join(OUT_DIR, 'floor', source);

export async function buildFloors(): Promise<void> {
  for (const { source } of FLOORS) {
    const outDir = floorDist(source);
    await build({
      configFile: false,
      root: path.join(BENCH_DIR, 'floor', source),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    precompress(outDir);
  }
}
