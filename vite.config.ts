import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function commit(): string {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT.slice(0, 7);
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

/**
 * Everything the first screen loads, in one chunk. Left alone, the bundler splits the modules that lazy
 * screens share with the entry into a dozen small chunks; each is gzipped on its own, which costs about
 * 3 KB on the home route's budget (scripts/size-budget.ts). The set is the entry's static import graph,
 * read from the build itself, so it follows the code without a list to keep.
 */
function firstLoadChunk(entry: string): { plugin: Plugin; test: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>();
  let firstLoad: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'ptib:first-load-chunk',
    apply: 'build',
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };
  const test = (id: string) => {
    if (!firstLoad) {
      firstLoad = new Set();
      const start = [...imports.keys()].find((m) => m.endsWith(entry));
      const queue = start ? [start] : [];
      while (queue.length > 0) {
        const m = queue.pop()!;
        if (firstLoad.has(m)) continue;
        firstLoad.add(m);
        queue.push(...(imports.get(m) ?? []));
      }
    }
    // The entry module itself stays the entry chunk (index.html and the manifest point at it).
    return firstLoad.has(id) && !id.endsWith(entry);
  };
  return { plugin, test };
}

const firstLoad = firstLoadChunk('/web/src/main.tsx');

/** The web app: built into dist/web, which the server serves. */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), firstLoad.plugin],
  define: {
    __APP_VERSION__: JSON.stringify(`${pkg.version}+${commit()}`),
    __BUILD_DATE__: JSON.stringify(process.env.BUILD_DATE ?? new Date().toISOString().slice(0, 10)),
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // Which chunk each screen loads: read by scripts/size-budget.ts and bench/size.ts.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', test: firstLoad.test }] } } },
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/01-01-01', '/otp', '/process-engine', '/healthz', '/search', '/.well-known'].map((p) => [
        p,
        'http://127.0.0.1:8080',
      ]),
    ),
  },
});
