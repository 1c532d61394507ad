/**
 * Builds the web app into bench/out/web, the build every bench serves and measures, and the floors the
 * web figures are measured beside into bench/out/floor/ (bench/lib/floor.ts).
 * Run: npm run bench:build [-- --no-prerender]   (without the prerendered home, to measure what it brings)
 */
import { buildWeb } from './lib/build.ts';
import { buildFloors } from './lib/floor.ts';

await buildWeb();
await buildFloors();
// The prerender step leaves the app's module state behind in this process: the build is done.
process.exit(0);
