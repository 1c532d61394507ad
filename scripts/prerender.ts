/**
 * Build step after `vite build` (docs/decisions: prerendered home): renders the shell with the home page
 * into dist/web/index.html, so a first visit paints its content before any script has run. The browser
 * app then renders itself and takes the place of this markup (web/src/app/prerendered.ts).
 *
 * How: a Vite SSR build of web/src/prerender.tsx, run here with a jsdom window at `#/home`. The markup
 * must obey the strict Content-Security-Policy (no inline script, no style attribute), so style
 * attributes are dropped and any script refused. index.html's only script is then a tiny gate (see
 * routeGate) that loads the app after the first paint.
 *
 * Run: node scripts/prerender.ts [outDir]   (default dist/web; `npm run build` runs it)
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_PATHNAMES, HOME_HASH, PRERENDERED_ATTR } from '../web/src/app/home-address.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Inside the project, so the SSR bundle's bare imports (react, react-dom) resolve from node_modules. */
const SSR_DIR = path.join(root, 'node_modules/.cache/ptib-prerender');
/** Below the mobile breakpoint: the menu renders collapsed, as phones (and Lighthouse's mobile run) see it. */
const PRERENDER_WIDTH = 360;

/**
 * The one script index.html keeps (a module, so never render-blocking). In the browser it 1) empties the
 * prerendered main when the address is another route than home, with the app's own test of a home
 * address, and 2) starts loading the app (its entry chunk and the chunks Vite would have preloaded) only
 * after the first frame is painted: the prerendered page is readable, and its search form works, without
 * the app, so the app's bytes need not compete with the first paint.
 */
export function routeGate(entry: string, preloads: string[]): string {
  return (
    `if(!(${JSON.stringify(APP_PATHNAMES)}.includes(location.pathname)&&${HOME_HASH}.test(location.hash))){` +
    `const m=document.querySelector('#root[${PRERENDERED_ATTR}] main');if(m)m.replaceChildren()}` +
    `let started=false;const start=()=>{if(started)return;started=true;` +
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement('link');l.rel='modulepreload';l.href=href;document.head.append(l)}` +
    `import(${JSON.stringify(entry)})};` +
    // A hidden tab paints no frame: the timer starts the app there.
    `requestAnimationFrame(()=>setTimeout(start));setTimeout(start,${START_FALLBACK_MS});\n`
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

/** index.html with the markup in its root, and its entry script and module preloads replaced by the gate. */
export function inject(indexHtml: string, markup: string): { html: string; gate: string; gateFile: string } {
  const empty = /<div id="root"><\/div>/;
  if (!empty.test(indexHtml)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  const entry = /\s*<script type="module"[^>]*src="(\/assets\/[^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('prerender: index.html has no entry script');
  const preloadTags = [...indexHtml.matchAll(/\s*<link rel="modulepreload"[^>]*href="([^"]+)">/g)];
  const gate = routeGate(
    entry[1]!,
    preloadTags.map((m) => m[1]!),
  );
  const gateFile = `assets/route-gate-${createHash('sha256').update(gate).digest('base64url').slice(0, 8)}.js`;
  let html = indexHtml.replace(entry[0], `\n    <script type="module" src="/${gateFile}"></script>`);
  for (const tag of preloadTags) html = html.replace(tag[0], '');
  html = html.replace(empty, `<div id="root" ${PRERENDERED_ATTR}="home">${markup}</div>`);
  return { html, gate, gateFile };
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
  const markup = await withDom(async () => {
    const mod = (await import(pathToFileURL(path.join(SSR_DIR, 'prerender.js')).href)) as {
      renderHome: () => Promise<string>;
    };
    return mod.renderHome();
  });
  rmSync(SSR_DIR, { recursive: true, force: true });
  const indexFile = path.join(outDir, 'index.html');
  const { html, gate, gateFile } = inject(readFileSync(indexFile, 'utf8'), cspSafe(markup));
  writeFileSync(path.join(outDir, gateFile), gate);
  writeFileSync(indexFile, html);
}

if (import.meta.main) {
  await prerender(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  // The app's timers (session checks) may still be scheduled in this process: the work is done.
  process.exit(0);
}
