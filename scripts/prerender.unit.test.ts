import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { inject, mainContent } from './prerender.ts';

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

function built() {
  const doc = (new JSDOM('').window as unknown as Window).document;
  return inject(
    INDEX_HTML,
    { home: HOME, login: mainContent(LOGIN_PAGE, doc) },
    { preloads: ['/assets/app-c.js'], loginPreloads: ['/assets/LoginPage-d.js', '/assets/app-c.js'] },
  );
}

/** The built page at an address, with the gate run as the browser runs it (before the first paint). */
function visit(hash: string) {
  const { html, gate } = built();
  const dom = new JSDOM(html, { url: `http://localhost/${hash}`, runScripts: 'outside-only', pretendToBeVisual: true });
  const win = dom.window as unknown as Window & { eval(code: string): unknown };
  win.eval(gate);
  const root = win.document.getElementById('root')!;
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

  it('puts home in the root and login’s main content in a template, with only the gate as script', () => {
    const { html, gateFile } = built();
    expect(html).toContain(`<div id="root" data-prerendered="home">${HOME}</div>`);
    expect(html).toMatch(/<template id="prerendered-login"><h1>Log in<\/h1><form>/);
    expect(html).toContain(`<script type="module" blocking="render" src="/${gateFile}"></script>`);
    expect(html).not.toContain('index-a.js');
    expect(html.match(/<script/g)).toHaveLength(1);
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

  it('leaves the main empty at any other address', () => {
    for (const hash of ['#/faqs', '#/loginx', '#/home/x']) {
      const { main, screen } = visit(hash);
      expect(screen, hash).toBe('');
      expect(main.childNodes, hash).toHaveLength(0);
    }
  });

  it('preloads the app, and the login screen’s chunk only at #/login', () => {
    const { gate } = built();
    expect(gate).toContain('"/assets/app-c.js"');
    // The login chunks, without the app's own (already in the list).
    expect(gate).toContain('more=["/assets/LoginPage-d.js"]');
    expect(gate).toContain('import("/assets/index-a.js")');
  });
});
