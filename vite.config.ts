import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { firstLoadModules, type ParsedModule } from './scripts/lib/first-load.ts';
import { buildDateText, buildDay } from './scripts/lib/build-date.ts';
import { FORMS_CHUNK } from './scripts/lib/forms-chunk.ts';

/** The day of this build (yyyy-mm-dd), Singapore's. */
const buildDate = buildDay(process.env.BUILD_DATE);

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
function firstLoadChunk(entry: string): {
  plugin: Plugin;
  test: (id: string) => boolean;
  inFirstLoad: (id: string) => boolean;
  /** Every module as the bundler parsed it, once parsing is done. */
  modules: ReadonlyMap<string, ParsedModule>;
} {
  const modules = new Map<string, ParsedModule>();
  let firstLoad: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'ptib:first-load-chunk',
    apply: 'build',
    moduleParsed(info) {
      modules.set(info.id, { imports: info.importedIds, exports: info.exports, code: info.code ?? '' });
    },
  };
  const inFirstLoad = (id: string) => {
    if (!firstLoad) {
      const start = [...modules.keys()].find((m) => m.endsWith(entry));
      firstLoad = start ? firstLoadModules(start, modules) : new Set();
    }
    return firstLoad.has(id);
  };
  // The entry module itself stays the entry chunk (index.html and the manifest point at it).
  const test = (id: string) => inFirstLoad(id) && !id.endsWith(entry);
  return { plugin, test, inFirstLoad, modules };
}

/**
 * The sign-in journey's code in two chunks (docs/decisions/0052): what the login form's first input loads
 * (app/signInSteps.ts with the session engine, the profile call and the encrypted-call code), and what the
 * first screen after a sign-in shows, which signInSteps loads too (the signed-in header's parts and what
 * the dashboard screen needs). Left alone, the bundler splits these into some thirty files, cut by which
 * other screens share them: each costs a request (about 1 KB of headers over HTTP/1.1) and compresses
 * alone. Each group is its entries' static imports as the first load's are read (scripts/lib/first-load.ts),
 * less the first load, what a visitor without a session may load (PUBLIC_PARTS) and the groups before it.
 */
const DASHBOARD_SCREEN = '/web/src/features/dashboard/DashboardScreen.tsx';
const JOURNEY_GROUPS = [
  {
    name: 'signin',
    entries: [
      '/web/src/app/signInSteps.ts',
      '/web/src/lib/session/live.ts',
      '/web/src/lib/session/calls.ts',
      '/web/src/lib/http/payload.ts',
    ],
  },
  {
    name: 'signedin',
    entries: [
      DASHBOARD_SCREEN,
      '/web/src/features/auth/SessionWarning.tsx',
      '/web/src/features/notifications/InboxLink.tsx',
      '/web/src/features/esvc/EserviceMenu.tsx',
    ],
  },
] as const;
/**
 * What a visitor without a session may load lazily: the public screens and the first load's lazy parts.
 * Their code stays out of the journey's groups (the signed-in screens may share a group's chunk: their
 * user signed in, or reloads on a signed-in screen, which loads the session's code anyway). One missing
 * here costs its screen a group's chunk, which `npm run size` shows per route.
 */
const PUBLIC_PARTS = [
  '/web/src/app/HomeScreen.tsx',
  '/web/src/features/auth/LoginPage.tsx',
  '/web/src/features/auth/LoginDialog.tsx',
  '/web/src/features/auth/AccessInitialScreen.tsx',
  '/web/src/app/handoverGuards.ts',
  '/web/src/app/SsoSignIn.ts',
  '/web/src/features/home/SignedInHome.tsx',
  '/web/src/features/content/screens.tsx',
  '/web/src/features/search/SearchPage.tsx',
  '/web/src/features/errors/ErrorScreen.tsx',
  '/web/src/features/rate/RatePage.tsx',
  '/web/src/components/toasts/ToastStack.tsx',
  '/web/src/components/shell/BackToTopButton.tsx',
];

function journeyChunks(
  modules: ReadonlyMap<string, ParsedModule>,
  inFirstLoad: (id: string) => boolean,
): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean }[] } {
  /** Every module that some module imports with import(). */
  const lazy = new Set<string>();
  const plugin: Plugin = {
    name: 'ptib:journey-chunks',
    apply: 'build',
    moduleParsed(info) {
      for (const id of info.dynamicallyImportedIds) lazy.add(id);
    },
  };
  let members: Set<string>[] | null = null;
  const resolve = () => {
    // What a visitor without a session may load lazily stays out: none of them loads a group's chunk.
    const taken = new Set<string>();
    for (const id of lazy)
      if (PUBLIC_PARTS.some((part) => id.endsWith(part)))
        for (const needed of firstLoadModules(id, modules)) taken.add(needed);
    return JOURNEY_GROUPS.map(({ entries }) => {
      const group = new Set<string>();
      for (const start of [...modules.keys()].filter((id) => entries.some((entry) => id.endsWith(entry))))
        for (const id of firstLoadModules(start, modules)) if (!inFirstLoad(id) && !taken.has(id)) group.add(id);
      // A route's screen keeps a chunk of its own, which the manifest names for it (scripts/size-budget.ts).
      for (const id of group) if (id.endsWith(DASHBOARD_SCREEN)) group.delete(id);
      for (const id of group) taken.add(id);
      return group;
    });
  };
  const groups = JOURNEY_GROUPS.map(({ name }, i) => ({
    name,
    test: (id: string) => (members ??= resolve())[i]!.has(id),
  }));
  return { plugin, groups };
}

const firstLoad = firstLoadChunk('/web/src/main.tsx');
const journey = journeyChunks(firstLoad.modules, firstLoad.inFirstLoad);
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
  plugins: [react(), firstLoad.plugin, journey.plugin, preloadHelper()],
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
      // Every imported constant is written where it is used (the bundler's default does so only in conditions):
      // a string such as a storage key or a route is then no variable of its chunk, nor an export of the
      // first load that a lazy chunk imports back. About 150 bytes of the login route's 85 KB (scripts/size-budget.ts).
      optimization: { inlineConst: true },
      // The shared contract only declares (constants, schemas, functions): a module of it is never loaded for
      // what it does on import. Without this, the bundler keeps each contract module that contract/index.ts
      // re-exports where the barrel sits (the first load), as an import of its chunk for the module's effects,
      // even when only lazy screens use it: the first load then fetches that chunk too.
      treeshake: { moduleSideEffects: [{ test: /[\\/]contract[\\/]/, sideEffects: false }] },
      output: {
        // Seven characters of hash, not the default eight: the first load names every lazy chunk (its preload
        // map), and a hash's characters do not compress, so this is about 55 bytes of the login route's 85 KB.
        // Which hashes a build gets moves the total by up to 20 bytes; with eight it passed or failed by the
        // commit. The bundler asks for a longer hash, in the build's error, once the chunks are too many for 7.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          // Exactly the first load's modules: the parts of a barrel the entry does not use stay out.
          groups: [
            { name: 'app', test: firstLoad.test, includeDependenciesRecursively: false },
            ...journey.groups.map((group) => ({ ...group, includeDependenciesRecursively: false })),
            // The forms' code, which only the e-service screen loads (scripts/lib/forms-chunk.ts).
            { name: 'forms', test: FORMS_CHUNK, includeDependenciesRecursively: false },
          ],
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
