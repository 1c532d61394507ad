/**
 * Build step after `vite build` (docs/decisions/0012-prerendered-home.md): renders the shell with the home
 * page into dist/web/index.html, and the login screen's main content into a `<template>` beside it, so a
 * first visit to #/home or #/login paints its content before any script has run. The browser app then
 * renders itself and takes the place of this markup (web/src/app/prerendered.ts).
 *
 * How: a Vite SSR build of web/src/prerender.tsx, run here with a jsdom window at `#/home`, then `#/login`.
 * The markup must obey the strict Content-Security-Policy (no inline script but the gate, allowed by its
 * hash; no style attribute), so style attributes are dropped and any script refused. index.html's only
 * script is then a tiny inline gate (web/src/gate/gate.ts, built by buildGate) that shows the right prerendered main and loads the app
 * after the first paint.
 *
 * Run: node scripts/prerender.ts [outDir]   (default dist/web; `npm run build` runs it)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOGIN_TEMPLATE_ID, PRERENDERED_ATTR } from '../web/src/app/prerendered-addresses.ts';
import type { GateScripts } from '../web/src/gate/gate.ts';
import { readManifest, screenKey, staticFiles } from './size-budget.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Inside the project, so the SSR bundle's bare imports (react, react-dom) resolve from node_modules. */
const SSR_DIR = path.join(root, 'node_modules/.cache/ptib-prerender');
/** Below the mobile breakpoint: the menu renders collapsed, as phones (and Lighthouse's mobile run) see it. */
const PRERENDER_WIDTH = 360;

export type { GateScripts };

/** The gate's source (typed and linted with the app), bundled and minified on its own by buildGate. */
const GATE_SOURCE = path.join(root, 'web/src/gate/gate.ts');
/** The name in the built gate that stands for this build's scripts (web/src/gate/gate.ts). */
const GATE_SCRIPTS_NAME = 'GATE_SCRIPTS';

/**
 * The route gate's code, built by the bundler from web/src/gate/gate.ts (which says what it does): one
 * self-contained script, its constants inlined, with GATE_SCRIPTS still to be written (routeGate).
 */
export async function buildGate(): Promise<string> {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      target: 'es2022',
      lib: { entry: GATE_SOURCE, formats: ['iife'], name: 'ptibGate' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string }[] }[];
  const chunks = outputs.flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]!.code) throw new Error('prerender: the gate did not build into one script');
  const code = chunks[0]!.code.trim();
  if (code.split(GATE_SCRIPTS_NAME).length !== 2)
    throw new Error(`prerender: the built gate must name ${GATE_SCRIPTS_NAME} once`);
  return code;
}

/** The built gate with this build's scripts written in. */
export function routeGate(gateCode: string, scripts: GateScripts): string {
  return gateCode.replace(GATE_SCRIPTS_NAME, () => JSON.stringify(scripts));
}

type Globals = Record<string, unknown>;

async function withDom<T>(fn: () => Promise<T>): Promise<T> {
  const { JSDOM } = await import('jsdom');
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
    url: 'http://localhost/#/home',
    pretendToBeVisual: true,
  });
  const win = dom.window as Globals;
  Object.defineProperty(win, 'innerWidth', { value: PRERENDER_WIDTH, configurable: true });
  win.matchMedia ??= () => ({ matches: false, addEventListener() {}, removeEventListener() {} });
  const names = [
    'window',
    'document',
    'navigator',
    'location',
    'localStorage',
    'sessionStorage',
    'HTMLElement',
    'Element',
    'Node',
    'MutationObserver',
    'getComputedStyle',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'matchMedia',
  ];
  const saved = new Map(names.map((n) => [n, Object.getOwnPropertyDescriptor(globalThis, n)]));
  for (const n of names) {
    const value = n === 'window' ? win : win[n];
    Object.defineProperty(globalThis, n, {
      value:
        typeof value === 'function' &&
        n !== 'HTMLElement' &&
        n !== 'Element' &&
        n !== 'Node' &&
        n !== 'MutationObserver'
          ? (value as () => unknown).bind(win)
          : value,
      configurable: true,
      writable: true,
    });
  }
  try {
    return await fn();
  } finally {
    for (const [n, d] of saved) {
      if (d) Object.defineProperty(globalThis, n, d);
      else delete (globalThis as Globals)[n];
    }
    dom.window.close();
  }
}

/** CSP (style-src 'self') would refuse style attributes; the app renders its own markup anyway. */
export function cspSafe(markup: string): string {
  if (/<script\b/i.test(markup)) throw new Error('prerender: the markup holds a <script>, which the CSP forbids');
  return markup.replace(/\s+style="[^"]*"/g, '');
}

/**
 * The main content of a rendered page, for a `<template>`. Its forms cannot be sent before the app has
 * taken over (their fields would go into the address, or to nowhere): their submit buttons are disabled,
 * which also stops Enter in a field from sending the form. The app's form takes over what was typed.
 */
export function mainContent(markup: string, doc: Document): string {
  const holder = doc.createElement('template');
  holder.innerHTML = markup;
  const main = holder.content.querySelector('main');
  if (!main?.hasChildNodes()) throw new Error('prerender: the rendered page has no main content');
  for (const button of main.querySelectorAll<HTMLButtonElement | HTMLInputElement>(
    'button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]',
  )) {
    if (button.form) button.disabled = true;
  }
  return main.innerHTML;
}

export interface Pages {
  /** The whole shell with home, for the root. */
  home: string;
  /** The login screen's main content, for its template. */
  login: string;
}

/** The chunks the gate preloads, beside the entry: see GateScripts. */
export type Preloads = Pick<GateScripts, 'preloads' | 'homePreloads' | 'loginPreloads'>;

/**
 * index.html with home's markup in its root and the login screen's main content in a template after it,
 * and its entry script (and any module preloads) replaced by the gate, inline.
 */
export function inject(
  indexHtml: string,
  pages: Pages,
  gateCode: string,
  chunks: Preloads = { preloads: [], homePreloads: [], loginPreloads: [] },
): { html: string; gate: string } {
  const empty = /<div id="root"><\/div>/;
  if (!empty.test(indexHtml)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  const entry = /\s*<script type="module"[^>]*src="(\/assets\/[^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('prerender: index.html has no entry script');
  const preloadTags = [...indexHtml.matchAll(/\s*<link rel="modulepreload"[^>]*href="([^"]+)">/g)];
  const preloads = [...new Set([...chunks.preloads, ...preloadTags.map((m) => m[1]!)])].filter((h) => h !== entry[1]);
  const gate = routeGate(gateCode, {
    entry: entry[1]!,
    preloads,
    homePreloads: chunks.homePreloads.filter((href) => href !== entry[1] && !preloads.includes(href)),
    loginPreloads: chunks.loginPreloads.filter((href) => href !== entry[1] && !preloads.includes(href)),
  });
  // Its text ends at the first `</script`; `<!--` would change how the rest is parsed.
  if (/<\/script|<!--/i.test(gate)) throw new Error('prerender: the route gate cannot be inlined as it is');
  // Inline, in the head, blocking="render": Chromium runs it once the document is parsed and before the
  // first paint. A classic script after the template, or this one without the attribute, ran after the
  // first rendering opportunity in most loads (docs/decisions/0012-prerendered-home.md).
  let html = indexHtml.replace(entry[0], `\n    <script type="module" blocking="render">${gate}</script>`);
  for (const tag of preloadTags) html = html.replace(tag[0], '');
  html = html.replace(
    empty,
    `<div id="root" ${PRERENDERED_ATTR}="home">${cspSafe(pages.home)}</div>` +
      `<template id="${LOGIN_TEMPLATE_ID}">${cspSafe(pages.login)}</template>`,
  );
  return { html, gate };
}

/**
 * From the build manifest: the chunks the entry imports (Vite's own preloading is off, vite.config.ts),
 * and the home and login screens' chunks with their imports, as addresses (`/assets/…`).
 */
export function gatePreloads(outDir: string): Preloads {
  const manifest = readManifest(outDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('prerender: the build manifest has no entry');
  const href = (files: Set<string>) => [...files].map((file) => `/${file}`);
  return {
    preloads: href(staticFiles(manifest, [entryKey]).js),
    homePreloads: href(staticFiles(manifest, [screenKey(manifest, 'home')]).js),
    loginPreloads: href(staticFiles(manifest, [screenKey(manifest, 'login')]).js),
  };
}

export async function prerender(outDir = path.join(root, 'dist/web')): Promise<void> {
  // React's production server renderer (the markup is the same, the work smaller).
  process.env.NODE_ENV ??= 'production';
  rmSync(SSR_DIR, { recursive: true, force: true });
  mkdirSync(SSR_DIR, { recursive: true });
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/prerender.tsx',
      '--outDir',
      SSR_DIR,
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  const pages = await withDom(async () => {
    const mod = (await import(pathToFileURL(path.join(SSR_DIR, 'prerender.js')).href)) as {
      renderScreen: (path: string) => Promise<string>;
      SCREENS: { home: string; login: string };
    };
    const home = await mod.renderScreen(mod.SCREENS.home);
    window.location.hash = `#${mod.SCREENS.login}`;
    const login = mainContent(await mod.renderScreen(mod.SCREENS.login), document);
    return { home, login };
  });
  rmSync(SSR_DIR, { recursive: true, force: true });
  const indexFile = path.join(outDir, 'index.html');
  const { html } = inject(readFileSync(indexFile, 'utf8'), pages, await buildGate(), gatePreloads(outDir));
  writeFileSync(indexFile, html);
}

if (import.meta.main) {
  await prerender(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  // The app's timers (session checks) may still be scheduled in this process: the work is done.
  process.exit(0);
}
