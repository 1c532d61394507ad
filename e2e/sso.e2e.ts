import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { API_PATHS, HANDOVER_MESSAGES, SSO_MESSAGES } from '#contract/index.ts';
import { freePort, spawnServer, stopServer, waitHealthy, type ServerProcess } from '../scripts/lib/server-process.ts';
import { DEMO_PASSWORD, TOKEN_KEY, fillLogin, storedKeys } from './auth-helpers.ts';
import { expect, test } from './fixtures.ts';
import { phpInstalled, simpleSamlPhpMissing, startSimpleSamlPhp, type SimpleSamlPhpIdp } from './simplesamlphp.ts';

/**
 * Single sign-on against an identity provider nobody here wrote (docs/decisions/0030): Debian's
 * simplesamlphp, started here with PHP's built-in server, and a server of our own configured from its
 * metadata. CI installs php-cli, php-xml and simplesamlphp (.ci/run). Only a machine without php where we
 * are not root (so .ci/run could not have installed it) skips, saying why; anything else missing fails.
 */
const skipReason =
  !phpInstalled() && process.getuid?.() !== 0
    ? 'php is not installed and this is not root (.ci/run installs php-cli, php-xml and simplesamlphp as root)'
    : null;
if (skipReason) console.log(`e2e/sso.e2e.ts skipped: ${skipReason}`);
test.skip(skipReason !== null, skipReason ?? '');
// Two servers and two sites per round trip: on a busy machine a step can take a while, so each wait for
// a condition gets longer than the default (they still end as soon as the condition holds).
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const SLOW = { timeout: 30_000 };

const IDP_PASSWORD = 'Sso!23456';
const SP_ENTITY_ID = 'urn:ptib:e2e:sp';

let idp: SimpleSamlPhpIdp;
let server: ServerProcess;
let base: string;
let acsUrl: string;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const missing = simpleSamlPhpMissing();
  if (missing) throw new Error(`simplesamlphp cannot run: ${missing} (.ci/run installs it)`);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  acsUrl = `${base}${API_PATHS.session}`;
  idp = await startSimpleSamlPhp({
    spEntityId: SP_ENTITY_ID,
    acsUrl,
    users: ['ptib.demo', 'ptib.master'].map((loginName) => ({ loginName, password: IDP_PASSWORD })),
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'ptib-e2e-sso-'));
  // Our service reads the IdP from the metadata the IdP itself publishes.
  const metadataFile = path.join(dataDir, 'idp-metadata.xml');
  writeFileSync(metadataFile, await (await fetch(idp.metadataUrl)).text());
  server = await spawnServer({
    port,
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SAML_IDP_METADATA_FILE: metadataFile,
      SAML_SP_ENTITY_ID: SP_ENTITY_ID,
      SAML_ACS_URL: acsUrl,
    },
  });
  await waitHealthy(base, { child: server.child, logs: server.logs });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await idp?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The IdP's own login form (exampleauth), when it has no session of its own in this browser yet. */
async function idpLogin(page: Page, loginName: string) {
  await expect(page.locator('#username')).toBeVisible(SLOW);
  await page.locator('#username').fill(loginName);
  await page.locator('#password').fill(IDP_PASSWORD);
  await page.locator('#submit_button, button[type=submit]').first().click();
}

/** Every SAMLResponse this page posts to our assertion consumer. */
function captureAnswers(page: Page): string[] {
  const answers: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === acsUrl) {
      const answer = new URLSearchParams(request.postData() ?? '').get('SAMLResponse');
      if (answer) answers.push(answer);
    }
  });
  return answers;
}

/** Starts single sign-on from this page as the app does, for a page already signed in (no login screen). */
async function startSsoFromApp(page: Page): Promise<void> {
  const redirectUrl = await page.evaluate(async (path) => {
    const xsrf = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
      body: '{}',
    });
    return ((await res.json()) as { responseJSON: { redirectUrl: string } }).responseJSON.redirectUrl;
  }, API_PATHS.samlInitial);
  await page.goto(redirectUrl);
}

test('signs in through simplesamlphp: login form, signed answer, hand-over code, dashboard; the answer is good once', async ({
  page,
}) => {
  const answers = captureAnswers(page);
  await page.goto(`${base}/#/login`);
  await page.getByRole('button', { name: 'Log in with single sign-on' }).click();
  await expect(page).toHaveURL((url) => url.origin === idp.baseUrl, SLOW);
  await idpLogin(page, 'ptib.demo');
  await expect(page).toHaveURL(`${base}/#/dashboard`, SLOW);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible(SLOW);
  expect((await storedKeys(page)).session[TOKEN_KEY]).toBeTruthy();
  // The hand-over code left the address and the history at once.
  expect(page.url()).not.toContain('auth=');
  expect(answers).toHaveLength(1);

  // Replayed in the same browser: the request it answered is spent.
  const replay = await page.request.post(acsUrl, { form: { SAMLResponse: answers[0]! }, maxRedirects: 0 });
  expect(replay.status()).toBe(403);
  expect((await replay.json()).header.responseDesc).toBe(SSO_MESSAGES.unsolicited);
});

test('refuses an answer the identity provider sends unasked (IdP-initiated), signing nobody in', async ({ page }) => {
  const answers = captureAnswers(page);
  await page.goto(idp.idpInitiatedUrl);
  await idpLogin(page, 'ptib.demo');
  await expect(page.locator('body')).toContainText(SSO_MESSAGES.unsolicited, SLOW);
  expect(answers).toHaveLength(1);
  await page.goto(`${base}/#/home`);
  expect((await storedKeys(page)).session[TOKEN_KEY]).toBeUndefined();
});

test('an answer replayed from another browser is refused there (login CSRF)', async ({ page, browser }) => {
  const answers = captureAnswers(page);
  await page.goto(`${base}/#/login`);
  await page.getByRole('button', { name: 'Log in with single sign-on' }).click();
  // Stop the IdP's auto-posting form before it posts: the attacker keeps the signed answer.
  await page.route(acsUrl, (route) => route.abort());
  await idpLogin(page, 'ptib.master');
  await expect.poll(() => answers.length, SLOW).toBe(1);

  const victim = await browser.newContext();
  const refused = await victim.request.post(acsUrl, { form: { SAMLResponse: answers[0]! }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).header.responseDesc).toBe(SSO_MESSAGES.otherBrowser);
  await victim.close();
});

test('asks before another user replaces the one signed in, naming both, and does as answered', async ({
  page,
  axe,
}) => {
  await page.goto(`${base}/#/login`);
  await fillLogin(page, 'ptib.master', { password: DEMO_PASSWORD });
  await expect(page).toHaveURL(`${base}/#/dashboard`, SLOW);
  const masterToken = (await storedKeys(page)).session[TOKEN_KEY];

  // "Stay signed in as": the session stays, the code is left unused.
  await startSsoFromApp(page);
  await idpLogin(page, 'ptib.demo');
  const current = 'Lim Mei Ling (ptib.master)';
  const next = 'Tan Ah Kow (ptib.demo)';
  await expect(page.getByRole('heading', { level: 1, name: HANDOVER_MESSAGES.title })).toBeVisible(SLOW);
  await expect(
    page.getByText(HANDOVER_MESSAGES.question.replace('{current}', current).replace('{next}', next)),
  ).toBeVisible();
  expect(page.url()).not.toContain('auth=');
  expect((await axe().analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: `Stay signed in as ${current}` }).click();
  await expect(page).toHaveURL(`${base}/#/dashboard`, SLOW);
  expect((await storedKeys(page)).session[TOKEN_KEY]).toBe(masterToken);

  // "Continue as": the new user's session replaces it (the IdP remembers its user: no form this time).
  await startSsoFromApp(page);
  await page.getByRole('button', { name: `Continue as ${next}` }).click();
  await expect(page).toHaveURL(`${base}/#/dashboard`, SLOW);
  const demoToken = (await storedKeys(page)).session[TOKEN_KEY];
  expect(demoToken).toBeTruthy();
  expect(demoToken).not.toBe(masterToken);
  await page.goto(`${base}/#/profile`);
  await expect(page.getByTestId('profile-name')).toHaveText('Tan Ah Kow', SLOW);
});
