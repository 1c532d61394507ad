import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { CONNECTION_MESSAGES } from '#contract/messages.ts';
import { buildGate, inject, mainContent } from './prerender.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en-SG">
  <head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-b.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const HOME =
  '<header><a href="#/faqs">FAQs</a></header><main id="main-content"><h1>Welcome</h1></main><footer>f</footer>';
const LOGIN_PAGE =
  '<header><a href="#/faqs">FAQs</a></header><main id="main-content"><h1>Log in</h1>' +
  '<form><label for="n">Login name</label><input id="n" name="loginName">' +
  '<button type="submit">Log in</button></form><button type="button">Other</button></main><footer>f</footer>';

/** The gate as the build makes it, from web/src/gate/gate.ts. */
const GATE = await buildGate();

function built() {
  const doc = (new JSDOM('').window as unknown as Window).document;
  return inject(INDEX_HTML, { home: HOME, login: mainContent(LOGIN_PAGE, doc) }, GATE, {
    preloads: ['/assets/app-c.js'],
    homePreloads: ['/assets/HomePage-e.js', '/assets/app-c.js'],
    loginPreloads: ['/assets/LoginPage-d.js', '/assets/app-c.js'],
  });
}

/** The built page at an address, the gate run as the browser runs it (before the first paint); close() it. */
function open(hash: string, page = built()) {
  const dom = new JSDOM(page.html, {
    url: `http://localhost/${hash}`,
    runScripts: 'outside-only',
    pretendToBeVisual: true,
  });
  const win = dom.window as unknown as Window & { eval(code: string): unknown };
  win.eval(page.gate);
  return dom;
}

function visit(hash: string) {
  const dom = open(hash);
  const root = (dom.window as unknown as Window).document.getElementById('root')!;
  const result = { main: root.querySelector('main')!, screen: root.getAttribute('data-prerendered') };
  // Before the gate's timers load the app (jsdom cannot import it).
  dom.window.close();
  return result;
}

describe('the build’s prerendered pages', () => {
  it('keeps a prerendered login form from being sent before the app takes it over', () => {
    const doc = (new JSDOM('').window as unknown as Window).document;
    const holder = doc.createElement('div');
    holder.innerHTML = mainContent(LOGIN_PAGE, doc);
    expect(holder.querySelector('h1')?.textContent).toBe('Log in');
    expect(holder.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);
    // A button outside a form does nothing by itself: left alone.
    expect(holder.querySelector<HTMLButtonElement>('button[type="button"]')?.disabled).toBe(false);
  });

  it('puts home in the root and login’s main content in a template, with only the gate as script, inline', () => {
    const { html, gate } = built();
    expect(html).toContain(`<div id="root" data-prerendered="home">${HOME}</div>`);
    expect(html).toMatch(/<template id="prerendered-login"><h1>Log in<\/h1><form>/);
    // In the head, where the entry's tag was, so that it blocks the first paint (no request of its own).
    expect(html).toContain(`<head>\n    <script type="module" blocking="render">${gate}</script>`);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(gate).not.toMatch(/<\/script|<!--/i);
  });

  it('shows home’s main at a home address', () => {
    expect(visit('#/home')).toMatchObject({ screen: 'home' });
    expect(visit('').main.textContent).toBe('Welcome');
  });

  it('shows the login screen at #/login, before any of the app’s scripts', () => {
    const { main, screen } = visit('#/login');
    expect(screen).toBe('login');
    expect(main.querySelector('h1')?.textContent).toBe('Log in');
    expect(main.textContent).not.toContain('Welcome');
    expect(visit('#/login?x=1').screen).toBe('login');
  });

  it('preloads the screen’s own chunks with the app’s: home’s at home, the login screen’s at #/login, none elsewhere', async () => {
    // jsdom cannot import a module: the gate's import of the entry, last of its tasks, does nothing here.
    const page = built();
    const gate = page.gate.replace(/\bimport\(/, '(async () => {})(');
    expect(gate).not.toBe(page.gate);
    const preloaded = async (hash: string) => {
      const dom = open(hash, { ...page, gate });
      const win = dom.window as unknown as Window;
      const links = () =>
        [...win.document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
      await vi.waitFor(() => expect(links().length).toBeGreaterThan(0));
      // The gate queued a task for each once it started: a task queued now runs after the last of them.
      await new Promise((resolve) => win.setTimeout(resolve));
      dom.window.close();
      return links();
    };
    expect(await preloaded('#/home')).toEqual(['/assets/app-c.js', '/assets/HomePage-e.js']);
    expect(await preloaded('#/login')).toEqual(['/assets/app-c.js', '/assets/LoginPage-d.js']);
    expect(await preloaded('#/faqs')).toEqual(['/assets/app-c.js']);
  });

  it('says so above the prerendered content, with Try again, when the app will not load', async () => {
    const page = built();
    // As a browser whose connection dropped after the page came: the entry's import fails.
    const gate = page.gate.replace(/\bimport\(/, '(async (u) => { throw new TypeError(`Failed to fetch ${u}`); })(');
    expect(gate).not.toBe(page.gate);
    for (const hash of ['#/login', '#/home', '#/faqs']) {
      const dom = open(hash, { ...page, gate });
      const main = (dom.window as unknown as Window).document.querySelector('main')!;
      await vi.waitFor(() => expect(main.querySelector('[role="alert"]'), hash).not.toBeNull());
      const alert = main.firstElementChild!;
      expect(alert.getAttribute('role'), hash).toBe('alert');
      expect(alert.textContent, hash).toBe(
        CONNECTION_MESSAGES.pageTitle + CONNECTION_MESSAGES.pageFailed + CONNECTION_MESSAGES.retry,
      );
      expect(alert.querySelector('button')?.textContent).toBe(CONNECTION_MESSAGES.retry);
      // What was prerendered stays readable below it.
      if (hash === '#/login') expect(main.querySelector('h1')?.textContent).toBe('Log in');
      if (hash === '#/home') expect(main.textContent).toContain('Welcome');
      dom.window.close();
    }
  });

  it('leaves the main empty at any other address', () => {
    for (const hash of ['#/faqs', '#/loginx', '#/home/x']) {
      const { main, screen } = visit(hash);
      expect(screen, hash).toBe('');
      expect(main.childNodes, hash).toHaveLength(0);
    }
  });

  it('preloads the app, and the screen’s chunk: home’s at home, the login screen’s at #/login', () => {
    const { gate } = built();
    // The login chunks, without the app's own (already in the list).
    expect(gate).toContain(
      JSON.stringify({
        entry: '/assets/index-a.js',
        preloads: ['/assets/app-c.js'],
        homePreloads: ['/assets/HomePage-e.js'],
        loginPreloads: ['/assets/LoginPage-d.js'],
      }),
    );
    expect(gate).not.toContain('GATE_SCRIPTS');
  });

  it('opens and closes the prerendered menu on a tap, as the app would, until the app replaces the root', () => {
    const page = built();
    const html = page.html.replace(
      '<h1>Welcome</h1>',
      '<button type="button" aria-expanded="false" aria-controls="m">Menu</button>' +
        '<nav id="m" hidden=""><a href="#/esvc">E-services</a></nav><h1>Welcome</h1>',
    );
    const dom = open('#/home', { ...page, html });
    const win = dom.window as unknown as Window & typeof globalThis;
    const doc = win.document;
    const button = doc.querySelector('button')!;
    const menu = doc.getElementById('m')!;
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hidden).toBe(false);
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
    // Following one of its links closes it, as the app's menu does on a phone.
    button.click();
    win.location.hash = '#/esvc';
    win.dispatchEvent(new win.HashChangeEvent('hashchange'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
    // Once the app's root has taken the prerendered one's place, the gate leaves the app's markup alone.
    const root = doc.getElementById('root')!;
    const app = doc.createElement('div');
    app.id = 'root';
    app.innerHTML = '<button type="button" aria-expanded="true" aria-controls="m">Menu</button><nav id="m"></nav>';
    button.click();
    root.replaceWith(app);
    win.dispatchEvent(new win.HashChangeEvent('hashchange'));
    app.querySelector('button')!.click();
    expect(app.querySelector('button')!.getAttribute('aria-expanded')).toBe('true');
    expect(doc.getElementById('m')!.hidden).toBe(false);
    dom.window.close();
  });
});
