import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONNECTION_MESSAGES } from '#contract/index.ts';
import { replaceBuild } from '../scripts/build.ts';
import { precompress } from '../scripts/precompress.ts';
import { freePort, spawnServer, stopServer, waitHealthy, type ServerProcess } from '../scripts/lib/server-process.ts';
import { expect, test } from './fixtures.ts';

/**
 * A tab open across a release (docs/decisions/0072): the release's build names its files anew, and the
 * server restarts on it; the tab, still running the previous build, must still load a screen it had not
 * opened. On a server and a copy of the build of this file's own, since the release replaces the build.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
let dir: string;
let web: string;
let port: number;
let server: ServerProcess;

async function start(): Promise<void> {
  server = await spawnServer({
    port,
    env: { DATA_DIR: path.join(dir, 'data'), WEB_DIST: web, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  await waitHealthy(server.url, { child: server.child, logs: server.logs });
}

/** What a release's build looks like beside this one: every asset under a new name, the references with it. */
function nextRelease(): string {
  const next = `${web}.next`;
  cpSync(web, next, { recursive: true });
  const assets = path.join(next, 'assets');
  const renamed = new Map<string, string>();
  for (const name of readdirSync(assets)) {
    if (/\.(br|gz)$/.test(name)) rmSync(path.join(assets, name));
    else renamed.set(name, name.replace(/(\.\w+)$/, '-next$1'));
  }
  for (const [from, to] of renamed) renameSync(path.join(assets, from), path.join(assets, to));
  const texts = [
    path.join(next, 'index.html'),
    path.join(next, '.vite/manifest.json'),
    ...[...renamed.values()].filter((n) => /\.(js|css)$/.test(n)).map((n) => path.join(assets, n)),
  ];
  for (const file of texts) {
    let text = readFileSync(file, 'utf8');
    // Every reference to an asset follows a slash ("./x.js", "/assets/x.js", "assets/x.js", url(/assets/…)).
    for (const [from, to] of renamed) text = text.replaceAll(`/${from}`, `/${to}`);
    writeFileSync(file, text);
  }
  rmSync(path.join(next, 'index.html.br'));
  rmSync(path.join(next, 'index.html.gz'));
  precompress(next);
  return next;
}

test.beforeAll(async () => {
  // A new data directory: the server migrates and seeds it first, slow on a busy machine.
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(tmpdir(), 'ptib-e2e-release-'));
  web = path.join(dir, 'web');
  cpSync(path.join(ROOT, 'dist/web'), web, { recursive: true });
  port = await freePort();
  await start();
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

test('a tab opened before a release still opens a screen it had not loaded', async ({ page, axe }) => {
  test.setTimeout(120_000);
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${server.url}/#/login`);
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  replaceBuild(web, nextRelease());
  await stopServer(server);
  await start();
  // The release is served: a new visit asks for the new names.
  const index = await (await fetch(`${server.url}/`)).text();
  expect(index).toMatch(/\/assets\/[\w.-]+-next\.js/);

  await page.locator('header a.logo').click();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PTIB e-Services' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: CONNECTION_MESSAGES.pageTitle })).toHaveCount(0);
  expect(failed).toEqual([]);
  expect((await axe().analyze()).violations).toEqual([]);
});
