import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFParse } from 'pdf-parse';
import { REGISTER_MESSAGES } from '#contract/register.ts';
import { freePort, spawnServer, stopServer, waitHealthy, type ServerProcess } from '../scripts/lib/server-process.ts';
import { fillLogin } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * The register end to end, on a server of this file's own: a change reaches the register through the real
 * import command, which (with the embedded database) runs while the server is stopped, as an operator would.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const CASE = 'BS 004321 2023';
let dataDir: string;
let port: number;
let server: ServerProcess;
let base: string;

async function start(): Promise<void> {
  server = await spawnServer({
    port,
    env: { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  await waitHealthy(server.url, { child: server.child, logs: server.logs });
}

test.beforeAll(async () => {
  // A new data directory: the server migrates and seeds it first, slow on a busy machine.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'ptib-e2e-register-'));
  port = await freePort();
  await start();
  base = server.url;
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test('finds ONG BENG HUAT by a misspelt name, keeps the extract, follows the case and sees an imported change', async ({
  page,
  axe,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${base}/#/login`);
  await fillLogin(page, 'ptib.demo');
  // Password hashing is slow on purpose, and slower on a busy machine.
  await expect(page).toHaveURL(/#\/dashboard$/, { timeout: 30_000 });

  const main = page.getByRole('main');
  // From the catalogue, as a new user would.
  await page.goto(`${base}/#/esvc`);
  await main.getByRole('link', { name: 'Personal Insolvency Search' }).click();
  await expect(page).toHaveURL(/#\/register\?app=PIS$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Insolvency Search' })).toBeVisible();

  // The purpose is required.
  await page.getByRole('textbox', { name: 'Name to search for' }).fill('ong ben huat');
  await main.getByRole('button', { name: 'Search the register' }).click();
  await expect(main.getByRole('alert')).toContainText(REGISTER_MESSAGES.purposeRequired);
  expect((await axe().analyze()).violations).toEqual([]);

  await page.getByLabel('Credit assessment').check();
  await main.getByRole('button', { name: 'Search the register' }).click();
  await expect(page).toHaveURL(/#\/register\?app=PIS&ref=RS-/);
  const results = main.getByRole('table');
  await expect(results.getByRole('row').nth(1)).toContainText('ONG BENG HUAT');
  await expect(results.getByRole('row').nth(1)).toContainText(CASE);
  await expect(main.getByText(/reference RS-\d{8}-[0-9A-F]{10}/)).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);

  // Back to the form with the browser's Back: what was sent is still there; then forward to the results.
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Name to search for' })).toHaveValue('ong ben huat');
  await expect(page.getByLabel('Credit assessment')).toBeChecked();
  await page.goForward();
  await expect(results.getByRole('row').nth(1)).toContainText('ONG BENG HUAT');

  await results.getByRole('link', { name: 'ONG BENG HUAT', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'ONG BENG HUAT' })).toBeVisible();
  await expect(main.getByText('S7654321F')).toBeVisible();
  await expect(main.getByText('Bankrupt', { exact: true })).toBeVisible();
  expect((await axe().analyze()).violations).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the extract (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('register-extract-BS-004321-2023.pdf');
  const parser = new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) });
  try {
    const text = (await parser.getText()).text;
    expect(text).toContain('ONG BENG HUAT');
    expect(text).toMatch(/Search reference\s+RS-\d{8}-[0-9A-F]{10}/);
    expect(text).toContain('Credit assessment');
  } finally {
    await parser.destroy();
  }

  await page.getByRole('button', { name: 'Follow this case' }).click();
  await expect(page.getByRole('status').filter({ hasText: REGISTER_MESSAGES.followed })).toBeVisible();
  await page.getByRole('link', { name: 'Following: open your watchlist' }).click();
  await expect(page).toHaveURL(/#\/watchlist\?app=ICAWL$/);
  const row = main.getByRole('row').filter({ hasText: CASE });
  await expect(row).toContainText('Bankrupt');
  await expect(row).not.toContainText('Changed since you last looked');
  expect((await axe().analyze()).violations).toEqual([]);

  // The court's file discharges him: imported with the command, the server stopped meanwhile.
  const file = path.join(dataDir, 'changes.csv');
  writeFileSync(
    file,
    [
      'case_number,party_kind,id_number,name,aliases,proceeding,status,filed_on,status_on,administrator',
      `${CASE},individual,S7654321F,ONG BENG HUAT,ALVIN ONG BENG HUAT,bankruptcy,discharged,2023-03-14,2026-11-02,Official Assignee`,
      'BS 000001 2026,individual,S7654321A,BAD CHECK LETTER,,bankruptcy,bankrupt,2026-01-01,2026-01-01,Official Assignee',
    ].join('\n'),
  );
  await stopServer(server);
  const cli = await promisify(execFile)(
    path.join(ROOT, 'node_modules/.bin/node'),
    ['server/register/cli.ts', 'import', file],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '', LOG_LEVEL: 'warn' } },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  // One row applied, the bad one reported by its line: exit status 1.
  expect(cli.code).toBe(1);
  expect(cli.stderr).toContain(`${file}:3: "S7654321A" is not a valid NRIC or FIN`);
  expect(cli.stdout).toContain('0 added, 1 changed, 0 unchanged, 1 rejected');
  await start();

  // Opened again later: a new load of the page, as after the night's import.
  await page.reload();
  const changed = main.getByRole('row').filter({ hasText: CASE });
  await expect(changed).toContainText('Changed since you last looked');
  await expect(changed).toContainText('Discharged');
  expect((await axe().analyze()).violations).toEqual([]);

  // The change also reached the inbox (docs/decisions/0044), leading back to the watchlist.
  await page.getByRole('link', { name: /^Messages/ }).click();
  const message = page.getByRole('article').filter({ hasText: CASE }).first();
  await expect(message).toContainText('A case you follow in the insolvency register');
  await message.getByRole('link', { name: 'Open your watchlist' }).click();
  await expect(page).toHaveURL(/#\/watchlist\?app=ICAWL$/);
  await expect(changed).toContainText('Discharged');

  await changed.getByRole('button', { name: `Stop following ${CASE}` }).click();
  await expect(page.getByRole('status').filter({ hasText: REGISTER_MESSAGES.unfollowed })).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: CASE })).toHaveCount(0);
});
