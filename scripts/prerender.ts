/**
 * Build step after `vite build` (docs/decisions/0012-prerendered-home.md): renders the shell with the home
 * page into dist/web/index.html, and the login screen's main content into a `<template>` beside it, so a
 * first visit to #/home or #/login paints its content before any script has run. The browser app then
 * renders itself and takes the place of this markup (web/src/app/prerendered.ts).
 *
 * How: a Vite SSR build of web/src/prerender.tsx, run here with a jsdom window at `#/home`, then `#/login`.
 * The markup must obey the strict Content-Security-Policy (no inline script but the gate, allowed by its
 * hash; no style attribute), so style attributes are dropped and any script refused. index.html's only
 * script is then a tiny inline gate (see routeGate) that shows the right prerendered main and loads the app
 * after the first paint.
 *
 * Run: node scripts/prerender.ts [outDir]   (default dist/web; `npm run build` runs it)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  APP_PATHNAMES,
  HOME_HASH,
  LOGIN_HASH,
  LOGIN_TEMPLATE_ID,
  PRERENDERED_ATTR,
} from '../web/src/app/prerendered-addresses.ts';
import { loginScreenKey, readManifest, staticFiles } from './size-budget.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Inside the project, so the SSR bundle's bare imports (react, react-dom) resolve from node_modules. */
const SSR_DIR = path.join(root, 'node_modules/.cache/ptib-prerender');
/** Below the mobile breakpoint: the menu renders collapsed, as phones (and Lighthouse's mobile run) see it. */
const PRERENDER_WIDTH = 360;

/** What the gate loads: the app's entry, the chunks it imports, and at #/login the login screen's chunks. */
export interface GateScripts {
  entry: string;
  /** The entry's static imports (Vite's own preload tags are off: vite.config.ts), requested beside it. */
  preloads: string[];
  /** Preloaded as well when the address is #/login, so the screen's code does not wait for the entry's. */
  loginPreloads: string[];
}

/**
 * The one script index.html keeps, inline (allowed by its hash in the CSP: server/plugins/web-index.ts), so
 * the first paint waits for no request but the stylesheet. It runs before the first paint and
 * 1) shows the right prerendered main: home's stays at a home address; at #/login the login screen's,
 *    from its `<template>`; any other address gets an empty main (never home's text).
 *    The root's data-prerendered says which screen the main shows ('' for none);
 * 2) lets the prerendered page's disclosure buttons (the menu toggle) open and close what they control
 *    as the app would (aria-expanded, hidden), until the app's markup replaces it: a visitor who taps Menu
 *    before the app has arrived gets the menu, and web/src/app/prerendered.ts keeps it open in the app.
 *    Following a link closes it, as the app's menu does on a phone;
 * 3) starts loading the app (its entry chunk and the chunks that imports) only after the first paint
 *    has reached the screen: the prerendered page is readable, and its search form works, without the
 *    app, so the app's bytes need not compete with the first paint.
 */
export function routeGate({ entry, preloads, loginPreloads }: GateScripts): string {
  const attr = JSON.stringify(PRERENDERED_ATTR);
  return (
    `const r=document.querySelector('#root[${PRERENDERED_ATTR}]'),m=r&&r.querySelector('main'),` +
    `p=${JSON.stringify(APP_PATHNAMES)}.includes(location.pathname),h=location.hash;let more=[];` +
    `if(m&&!(p&&${HOME_HASH}.test(h))){` +
    // No look at the stored session: a first read of localStorage can cost a phone tens of milliseconds
    // before the first paint. A signed-in visitor sees the form (its button disabled) until the app has
    // sent them on to the dashboard.
    `const t=p&&${LOGIN_HASH}.test(h)?document.getElementById(${JSON.stringify(LOGIN_TEMPLATE_ID)}):null;` +
    `if(t){m.replaceChildren(t.content.cloneNode(true));more=${JSON.stringify(loginPreloads)}}else m.replaceChildren();` +
    `r.setAttribute(${attr},t?'login':'')}` +
    // Within the prerendered root only: once the app's root has replaced it, these find nothing to change.
    `if(r){const x=(b,o)=>{const c=r.querySelector('#'+b.getAttribute('aria-controls'));if(c){b.setAttribute('aria-expanded',o);c.hidden=!o}};` +
    `r.addEventListener('click',e=>{const b=e.target.closest('button[aria-controls][aria-expanded]');if(b)x(b,b.getAttribute('aria-expanded')!=='true')});` +
    `addEventListener('hashchange',()=>r.querySelectorAll('[aria-controls][aria-expanded=true]').forEach(b=>x(b,false)))}` +
    `let started=false;const start=()=>{if(started)return;started=true;` +
    // One request per task: starting a request costs the main thread a few milliseconds on a slow phone.
    `[...${JSON.stringify(preloads)},...more].forEach(href=>setTimeout(()=>{const l=document.createElement('link');l.rel='modulepreload';l.href=href;document.head.append(l)}));` +
    `setTimeout(()=>import(${JSON.stringify(entry)}))};` +
    // Once the first paint has been presented (the paint timing entry), not at the first frame: this script
    // runs before that frame, whose paint can reach the screen after a timer set in it has fired. A hidden
    // tab paints nothing: the timer starts the app there, and where paint timing is unknown.
    `if(globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint'))new PerformanceObserver((l,o)=>{o.disconnect();setTimeout(start)}).observe({type:'paint',buffered:true});` +
    `else requestAnimationFrame(()=>setTimeout(start));setTimeout(start,${START_FALLBACK_MS})`
  );
}
/** Longest wait for a painted frame before the app is loaded anyway. */
const START_FALLBACK_MS = 1_000;

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
export type Preloads = Pick<GateScripts, 'preloads' | 'loginPreloads'>;

/**
 * index.html with home's markup in its root and the login screen's main content in a template after it,
 * and its entry script (and any module preloads) replaced by the gate, inline.
 */
export function inject(
  indexHtml: string,
  pages: Pages,
  chunks: Preloads = { preloads: [], loginPreloads: [] },
): { html: string; gate: string } {
  const empty = /<div id="root"><\/div>/;
  if (!empty.test(indexHtml)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  const entry = /\s*<script type="module"[^>]*src="(\/assets\/[^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('prerender: index.html has no entry script');
  const preloadTags = [...indexHtml.matchAll(/\s*<link rel="modulepreload"[^>]*href="([^"]+)">/g)];
  const preloads = [...new Set([...chunks.preloads, ...preloadTags.map((m) => m[1]!)])].filter((h) => h !== entry[1]);
  const gate = routeGate({
    entry: entry[1]!,
    preloads,
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
 * and the login screen's chunk with its imports, as addresses (`/assets/…`).
 */
export function gatePreloads(outDir: string): Preloads {
  const manifest = readManifest(outDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('prerender: the build manifest has no entry');
  const href = (files: Set<string>) => [...files].map((file) => `/${file}`);
  return {
    preloads: href(staticFiles(manifest, [entryKey]).js),
    loginPreloads: href(staticFiles(manifest, [loginScreenKey(manifest)]).js),
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
  const { html } = inject(readFileSync(indexFile, 'utf8'), pages, gatePreloads(outDir));
  writeFileSync(indexFile, html);
}

if (import.meta.main) {
  await prerender(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  // The app's timers (session checks) may still be scheduled in this process: the work is done.
  process.exit(0);
}
