/**
 * Writes .br and .gz beside each built text asset, so the server sends compressed files without
 * compressing on every request (@fastify/static preCompressed).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

export function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompress(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(full).size < 512) continue;
    const data = readFileSync(full);
    writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(
      `${full}.br`,
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    count += 1;
  }
  return count;
}

if (import.meta.main) {
  // An output directory of one's own (as for prerender.ts), else the build's.
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(import.meta.dirname, '../dist/web');
  precompress(dir);
}
