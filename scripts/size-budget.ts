/**
 * The size budget (bytes, not time), run by `npm test` after the build: the JavaScript that the home
 * and login routes load, gzipped, and the CSS. Fails when either route's JavaScript or the CSS grows
 * past its budget (docs/decisions/0026).
 *
 * What a route loads is read from Vite's build manifest (dist/web/.vite/manifest.json), not guessed from
 * file names: index.html's entry with every chunk it imports statically, and for any other route its
 * screen's chunk (the module that web/src/app/routes.ts lazily imports for it) with that chunk's static
 * imports. Dynamic imports inside a chunk (e.g. the encryption code on the first encrypted call) are
 * loaded later, on use, and are not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '#contract/paths.ts';

/**
 * The budget's unit (docs/decisions/0026): the "bare React 19 page is 68 KB" measures 67,590 bytes gzipped here (bench/floor/react:
 * 66.0 KiB, 67.6 kB), so its KB is 1000 bytes, and its 85 KB is 85,000 bytes.
 */
export const KB = 1000;

/** The first-load targets (docs/decisions/0026): 85 KB of JavaScript for #/home and for #/login, each; 15 KB of CSS. */
export const BUDGET = { jsGzipBytes: 85 * KB, cssGzipBytes: 15 * KB } as const;

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');
const ROUTES_FILE = path.join(root, 'web/src/app/routes.ts');
/** Vite's root is web/: manifest keys are relative to it. */
const VITE_ROOT = path.join(root, 'web');

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dir = dist): Manifest {
  const file = path.join(dir, '.vite/manifest.json');
  if (!existsSync(file)) {
    throw new Error(
      `${path.relative(root, file)} is missing: build with \`npm run build\` (vite.config.ts sets build.manifest).`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

export function gzipBytes(file: string, dir = dist): number {
  return gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
}

/** The files a set of manifest entries loads at once: the entries and their static imports, transitively. */
export function staticFiles(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    queue.push(...(chunk.imports ?? []));
  }
  return { js, css };
}

export interface RouteScreen {
  /** The route's path constant as written in routes.ts, e.g. `ROUTES.login`. */
  route: string;
  /** Manifest key of the screen's module (e.g. `src/features/auth/LoginPage.tsx`); null: in the entry. */
  module: string | null;
}

/**
 * The screen module each route of web/src/app/routes.ts lazily imports: `load: () => import('…')`, or
 * `load: name` / `load: () => name().then(…)` where `const name = () => import('…')`. A route whose
 * module is imported statically (home) has module null.
 */
export function routeScreens(source = readFileSync(ROUTES_FILE, 'utf8')): RouteScreen[] {
  const loaders = new Map<string, string>();
  for (const m of source.matchAll(/const\s+(\w+)\s*=\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    loaders.set(m[1]!, m[2]!);
  }
  const toKey = (spec: string) =>
    path
      .relative(VITE_ROOT, path.resolve(path.dirname(ROUTES_FILE), spec))
      .split(path.sep)
      .join('/');
  const screens: RouteScreen[] = [];
  // Each route object starts at its `path:`; its load is the text up to the next route's `path:`.
  // A path is ROUTES.x, a constant of its own (the back office's OFFICER_HOME), or a string.
  const starts = [...source.matchAll(/path:\s*(ROUTES\.\w+|[A-Z][A-Z0-9_]*\b|['"][^'"]*['"])/g)];
  starts.forEach((start, i) => {
    const body = source.slice(start.index, starts[i + 1]?.index ?? source.length);
    const load = body.slice(Math.max(0, body.indexOf('load:')));
    const direct = /import\(\s*['"]([^'"]+)['"]\s*\)/.exec(load)?.[1];
    const named = [...loaders.keys()].find((name) => new RegExp(`\\b${name}\\b`).test(load));
    const spec = direct ?? (named ? loaders.get(named) : undefined);
    screens.push({ route: start[1]!, module: spec ? toKey(spec) : null });
  });
  return screens;
}

/** Manifest key of the home or the login screen: the module routes.ts loads for its route. */
export function screenKey(manifest: Manifest, screen: 'home' | 'login', screens = routeScreens()): string {
  const declared = screens.find((s) => s.route === `ROUTES.${screen}`)?.module;
  if (declared && manifest[declared]) return declared;
  throw new Error(
    `size budget: cannot tell which chunk the ${screen} route loads (routes.ts names ${declared ?? 'no module'}).`,
  );
}

/**
 * The target for each lazily loaded screen: its own chunk at most 20 KB gzipped. Reported, not a
 * budget that fails the run: a screen over it is a finding to look at, not a broken build.
 */
export const SCREEN_CHUNK_TARGET_BYTES = 20 * KB;

export interface ScreenChunk {
  /** The route as routes.ts writes its path (`ROUTES.dashboard`, `OFFICER_HOME`, `'*'`). */
  route: string;
  module: string;
  /** The screen's own chunk and its gzipped bytes: what the target is about. */
  file: string;
  bytes: number;
  /** Chunks the screen imports statically that the entry does not load (shared with other screens). */
  shared: string[];
  sharedBytes: number;
  /** The screen's module is in the entry chunk after all (then it is not lazy, and bytes is 0). */
  inEntry: boolean;
}

/**
 * Each lazily loaded route's screen chunk, with what else it fetches beyond the entry. `sizeOf` gives a
 * file's gzipped bytes. Routes without a lazily loaded module (home) and modules missing from the
 * manifest are left out: the size bench lists those separately.
 */
export function screenChunks(
  manifest: Manifest,
  screens: RouteScreen[],
  sizeOf: (file: string) => number,
): ScreenChunk[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('manifest has no entry');
  const entry = staticFiles(manifest, [entryKey]).js;
  const rows: ScreenChunk[] = [];
  for (const { route, module } of screens) {
    const chunk = module ? manifest[module] : undefined;
    if (!module || !chunk) continue;
    const inEntry = entry.has(chunk.file);
    const shared = [...staticFiles(manifest, [module]).js].filter((f) => f !== chunk.file && !entry.has(f)).sort();
    rows.push({
      route,
      module,
      file: chunk.file,
      // A screen bundled into the entry comes with the first load: it adds nothing when its route opens.
      bytes: inEntry ? 0 : sizeOf(chunk.file),
      shared,
      sharedBytes: shared.reduce((n, f) => n + sizeOf(f), 0),
      inEntry,
    });
  }
  return rows;
}

/** `ROUTES.dashboard` as the address bar shows it (`#/dashboard`); any other route as routes.ts writes it. */
export function routeLabel(route: string, paths: Record<string, string>): string {
  const key = /^ROUTES\.(\w+)$/.exec(route)?.[1];
  return key && paths[key] ? `#${paths[key]}` : route;
}

/** One line per screen chunk, its gzipped size against the 20 KB target (not a budget: nothing fails). */
export function screenChunkLines(rows: ScreenChunk[], paths: Record<string, string>): string[] {
  return rows.map((r) => {
    const verdict = r.bytes <= SCREEN_CHUNK_TARGET_BYTES ? 'within' : 'OVER';
    const shared = r.shared.length > 0 ? `; with ${r.shared.length} shared chunk(s) ${kb(r.sharedBytes)} more` : '';
    return `  ${routeLabel(r.route, paths)}: ${r.file} ${kb(r.bytes)} (${verdict} ${kb(SCREEN_CHUNK_TARGET_BYTES)})${shared}`;
  });
}

export interface SizeReport {
  homeJs: number;
  loginJs: number;
  css: number;
  homeFiles: string[];
  loginFiles: string[];
  cssFiles: string[];
}

export function measure(dir = dist): SizeReport {
  const manifest = readManifest(dir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('manifest has no entry');
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  // What index.html itself links (the one stylesheet, cssCodeSplit off) plus any CSS of the entry's chunks.
  const linked = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!);
  const home = staticFiles(manifest, [entryKey, screenKey(manifest, 'home')]);
  const login = staticFiles(manifest, [entryKey, screenKey(manifest, 'login')]);
  const cssFiles = [...new Set([...linked, ...home.css])];
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipBytes(f, dir), 0);
  return {
    homeJs: sum(home.js),
    loginJs: sum(login.js),
    css: sum(cssFiles),
    homeFiles: [...home.js],
    loginFiles: [...login.js],
    cssFiles,
  };
}

export const kb = (n: number) => `${(n / KB).toFixed(1)} kB`;

/** What is over budget, one line each; empty when everything fits. */
export function overBudget(r: SizeReport): string[] {
  const beyondHome = r.loginFiles.filter((f) => !r.homeFiles.includes(f));
  return [
    r.homeJs > BUDGET.jsGzipBytes && `home JS ${kb(r.homeJs)} > ${kb(BUDGET.jsGzipBytes)}`,
    r.loginJs > BUDGET.jsGzipBytes &&
      `login JS ${kb(r.loginJs)} > ${kb(BUDGET.jsGzipBytes)} (beyond home: ${beyondHome.join(', ') || 'nothing'})`,
    r.css > BUDGET.cssGzipBytes && `CSS ${kb(r.css)} > ${kb(BUDGET.cssGzipBytes)}`,
  ].filter((line): line is string => typeof line === 'string');
}

if (import.meta.main) {
  const r = measure();
  console.log(
    `size budget: home JS ${kb(r.homeJs)} (budget ${kb(BUDGET.jsGzipBytes)}), login JS ${kb(r.loginJs)} (budget ${kb(BUDGET.jsGzipBytes)}); CSS ${kb(r.css)} (budget ${kb(BUDGET.cssGzipBytes)}); gzip -9`,
  );
  // Reported beside the budget, never failing it: the per-screen target of the issue.
  console.log(`screen chunks per route (gzip -9; target ≤ ${kb(SCREEN_CHUNK_TARGET_BYTES)} each, reported only):`);
  const rows = screenChunks(readManifest(), routeScreens(), (f) => gzipBytes(f));
  for (const line of screenChunkLines(rows, ROUTES)) console.log(line);
  const over = overBudget(r);
  if (over.length > 0) {
    console.error(`size budget exceeded: ${over.join('; ')}`);
    process.exit(1);
  }
}
