import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { firstLoadModules, type ParsedModule } from './scripts/lib/first-load.ts';
import { buildDateText } from './scripts/lib/build-date.ts';

/** The day of this build (yyyy-mm-dd). */
const buildDate = process.env.BUILD_DATE ?? new Date().toISOString().slice(0, 10);

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
 * 3 KB on the home route's budget (scripts/size-budget.ts). The set is what the entry needs, read from the
 * build itself (scripts/lib/first-load.ts), so it follows the code without a list to keep.
 */
function firstLoadChunk(entry: string): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Map<string, ParsedModule>();
  let firstLoad: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'ptib:first-load-chunk',
    apply: 'build',
    moduleParsed(info) {
      modules.set(info.id, { imports: info.importedIds, exports: info.exports, code: info.code ?? '' });
    },
  };
  const test = (id: string) => {
    if (!firstLoad) {
      const start = [...modules.keys()].find((m) => m.endsWith(entry));
      firstLoad = start ? firstLoadModules(start, modules) : new Set();
    }
    // The entry module itself stays the entry chunk (index.html and the manifest point at it).
    return firstLoad.has(id) && !id.endsWith(entry);
  };
  return { plugin, test };
}

const firstLoad = firstLoadChunk('/web/src/main.tsx');
/** What the first load has brought (the first-load chunk, the bundler's runtime): never preloaded again. */
const ALWAYS_LOADED = /(^|\/)(app|rolldown-runtime)-[\w-]+\.js$/;

/**
 * Vite wraps every dynamic import in its preload helper (even with modulePreload off: vitejs/vite#13952,
 * #18551). Its helper also loads a lazy chunk's CSS and reports failures as a `vite:preloadError` event;
 * here the CSS is one file loaded by index.html (cssCodeSplit off) and nothing listens to that event, so
 * this one only adds a modulepreload link per not yet requested chunk. It saves the first load about
 * 0.6 KB gzipped (the first-load budget, docs/decisions/0026 and scripts/size-budget.ts). Should Vite rename the helper's module, its
 * own helper comes back: bigger, still correct, and the size budget says so.
 */
function preloadHelper(): Plugin {
  const id = '\0vite/preload-helper.js';
  return {
    name: 'ptib:small-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === id ? id : null),
    load: (source) =>
      source === id
        ? `const requested = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps ?? []) {
    if (requested.has(dep)) continue;
    requested.add(dep);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = '/' + dep;
    document.head.append(link);
  }
  return load();
};`
        : null,
  };
}

/** The web app: built into dist/web, which the server serves. */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), firstLoad.plugin, preloadHelper()],
  define: {
    __APP_VERSION__: JSON.stringify(`${pkg.version}+${commit()}`),
    __BUILD_DATE__: JSON.stringify(buildDate),
    __BUILD_DATE_TEXT__: JSON.stringify(buildDateText(buildDate)),
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    // A lazy screen's shared chunks are requested together with it by preloadHelper() below; its lists
    // leave out the screen's own chunk (import() requests it) and what the first load has brought. The
    // first load's chunks are requested by the route gate (scripts/prerender.ts), read from the manifest.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep !== file && !ALWAYS_LOADED.test(dep)) : deps,
    },
    reportCompressedSize: false,
    // Which chunk each screen loads: read by scripts/size-budget.ts and bench/size.ts.
    manifest: true,
    rolldownOptions: {
      // The shared contract only declares (constants, schemas, functions): a module of it is never loaded for
      // what it does on import. Without this, the bundler keeps each contract module that contract/index.ts
      // re-exports where the barrel sits (the first load), as an import of its chunk for the module's effects,
      // even when only lazy screens use it: the first load then fetches that chunk too.
      treeshake: { moduleSideEffects: [{ test: /[\\/]contract[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Exactly the first load's modules: the parts of a barrel the entry does not use stay out.
          groups: [{ name: 'app', test: firstLoad.test, includeDependenciesRecursively: false }],
        },
      },
    },
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
