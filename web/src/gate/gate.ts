/**
 * The route gate: the one script index.html keeps, inline (allowed by its hash in the CSP:
 * server/plugins/web-index.ts), so the first paint waits for no request but the stylesheet. The build
 * (scripts/prerender.ts) bundles and minifies this file on its own, then writes the addresses of this
 * build's scripts in place of GATE_SCRIPTS. It runs before the first paint and
 * 1) shows the right prerendered main: home's stays at a home address; at #/login the login screen's,
 *    from its `<template>`; any other address gets an empty main (never home's text).
 *    The root's data-prerendered says which screen the main shows ('' for none);
 * 2) lets the prerendered page's disclosure buttons (the menu toggle) open and close what they control
 *    as the app would (aria-expanded, hidden), until the app's markup replaces it: a visitor who taps Menu
 *    before the app has arrived gets the menu, and web/src/app/prerendered.ts keeps it open in the app.
 *    Following a link closes it, as the app's menu does on a phone;
 * 3) starts loading the app (its entry chunk, the chunks that imports and the screen's) only after the first paint
 *    has reached the screen: the prerendered page is readable, and its search form works, without the
 *    app, so the app's bytes need not compete with the first paint;
 * 4) says so when the app will not load (the connection dropped after the page came, or the server no
 *    longer has this build's scripts): a login form whose button stays disabled, or an empty page, would
 *    say nothing (docs/decisions/0032). The page is loaded again by Try again, or once back online.
 * It imports nothing at run time: the constants below are inlined by the bundler.
 */
import { CONNECTION_MESSAGES } from '#contract/messages.ts';
import {
  APP_PATHNAMES,
  HOME_HASH,
  LOGIN_HASH,
  LOGIN_TEMPLATE_ID,
  PRERENDERED_ATTR,
} from '../app/prerendered-addresses.ts';

/** What the gate loads: the app's entry, the chunks it imports, and the prerendered screen's chunks. */
export interface GateScripts {
  entry: string;
  /** The entry's static imports (Vite's own preload tags are off: vite.config.ts), requested beside it. */
  preloads: string[];
  /** Preloaded as well at a home address, so the screen's code does not wait for the entry's. */
  homePreloads: string[];
  /** The same at #/login. */
  loginPreloads: string[];
}

/** Written by scripts/prerender.ts in place of this name, as a JSON object. */
declare const GATE_SCRIPTS: GateScripts;

/** Longest wait for a painted frame before the app is loaded anyway. */
const START_FALLBACK_MS = 1_000;

const scripts = GATE_SCRIPTS;
const root = document.querySelector<HTMLElement>(`#root[${PRERENDERED_ATTR}]`);
const main = root?.querySelector('main') ?? null;
const appPath = APP_PATHNAMES.includes(location.pathname);
const hash = location.hash;
/** The prerendered screen's own chunks: home's unless the gate finds another address below. */
let more = scripts.homePreloads;

if (root && main && !(appPath && HOME_HASH.test(hash))) {
  // No look at the stored session: a first read of localStorage can cost a phone tens of milliseconds
  // before the first paint. A signed-in visitor sees the form (its button disabled) until the app has
  // sent them on to the dashboard.
  const template =
    appPath && LOGIN_HASH.test(hash)
      ? (document.getElementById(LOGIN_TEMPLATE_ID) as HTMLTemplateElement | null)
      : null;
  if (template) {
    main.replaceChildren(template.content.cloneNode(true));
    more = scripts.loginPreloads;
  } else {
    main.replaceChildren();
    more = [];
  }
  root.setAttribute(PRERENDERED_ATTR, template ? 'login' : '');
}

// Within the prerendered root only: once the app's root has replaced it, these find nothing to change.
if (root) {
  const expand = (button: Element, open: boolean) => {
    const controlled = root.querySelector<HTMLElement>(`#${button.getAttribute('aria-controls')}`);
    if (!controlled) return;
    button.setAttribute('aria-expanded', String(open));
    controlled.hidden = !open;
  };
  root.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest('button[aria-controls][aria-expanded]');
    if (button) expand(button, button.getAttribute('aria-expanded') !== 'true');
  });
  addEventListener('hashchange', () =>
    root.querySelectorAll('[aria-controls][aria-expanded=true]').forEach((button) => expand(button, false)),
  );
}

let started = false;
const start = () => {
  if (started) return;
  started = true;
  // One request per task: starting a request costs the main thread a few milliseconds on a slow phone.
  for (const href of [...scripts.preloads, ...more]) {
    setTimeout(() => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    });
  }
  setTimeout(() => import(/* @vite-ignore */ scripts.entry).catch(cannotLoad));
};

/** The app would not load: said above the prerendered content (home stays readable), with a way on. */
function cannotLoad(): void {
  const target = main ?? document.body;
  if (target.querySelector('.gate-trouble')) return;
  const offline = !navigator.onLine;
  const notice = document.createElement('div');
  notice.className = 'error-summary gate-trouble';
  notice.setAttribute('role', 'alert');
  // The contract's own words, nothing a visitor typed: markup is safe here.
  notice.innerHTML =
    `<p class="error-summary-title">${CONNECTION_MESSAGES.pageTitle}</p>` +
    `<p>${offline ? CONNECTION_MESSAGES.pageOffline : CONNECTION_MESSAGES.pageFailed}</p>` +
    `<button type="button" class="button">${CONNECTION_MESSAGES.retry}</button>`;
  notice.querySelector('button')!.addEventListener('click', () => location.reload());
  target.prepend(notice);
  if (offline) addEventListener('online', () => location.reload(), { once: true });
}

// Once the first paint has been presented (the paint timing entry), not at the first frame: this script
// runs before that frame, whose paint can reach the screen after a timer set in it has fired. A hidden
// tab paints nothing: the timer starts the app there, and where paint timing is unknown.
if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((_list, observer) => {
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start));
}
setTimeout(start, START_FALLBACK_MS);
