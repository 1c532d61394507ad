/**
 * The sign-in journey as a phone feels it (docs/decisions/0051): Lighthouse's mobile throttling through
 * the Chromium DevTools protocol (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower), on the
 * production server serving this worktree's build (dist/web: `npm run build` first).
 * 1) open #/login until the login name field takes input;
 * 2) from pressing Log in until the dashboard greets the user by name (the user's own data);
 * 3) the JavaScript transferred over the journey (compressed as served).
 * Targets: 2) ≤ 0.8 s, 1) + 2) ≤ 1.5 s, 3) ≤ 110 KB. A benchmark, not a test: run it on a quiet machine.
 *
 * Run: node bench/journey.ts [runs]   (default 3; the median is reported)
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/ensure-chromium.ts';
import { describeMachine } from './lib/machine.ts';
import { MOBILE_VIEWPORT, throttleLikeAPhone } from './lib/mobile.ts';
import { ROOT } from './lib/results.ts';
import { startServer } from './lib/server.ts';

interface Run {
  loginReadyMs: number;
  loginToDashboardMs: number;
  jsBytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function once(baseURL: string): Promise<Run> {
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext({ baseURL, viewport: MOBILE_VIEWPORT, isMobile: true });
    const page = await context.newPage();
    const cdp = await throttleLikeAPhone(context, page);
    let jsBytes = 0;
    const js = new Map<string, true>();
    cdp.on('Network.responseReceived', (e: { requestId: string; response: { url: string } }) => {
      if (new URL(e.response.url).pathname.endsWith('.js')) js.set(e.requestId, true);
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      if (js.has(e.requestId)) jsBytes += e.encodedDataLength;
    });

    const start = performance.now();
    await page.goto('/#/login', { waitUntil: 'commit' });
    const loginName = page.locator('main').getByLabel('Login name', { exact: true });
    await loginName.waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForFunction(
      () => {
        const input = document.querySelector<HTMLInputElement>('main input[name="loginName"]');
        return input !== null && !input.disabled && !input.readOnly;
      },
      undefined,
      { timeout: 60_000 },
    );
    const loginReadyMs = performance.now() - start;
    await loginName.fill('ptib.demo');
    await page.locator('main').getByLabel('Password', { exact: true }).fill('Demo!2345');
    // What typing started (the sign-in steps, the nonce, the key) has its time, as a user takes it to type.
    await page.waitForLoadState('networkidle');
    const pressed = performance.now();
    await page.locator('main').getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByTestId('dashboard-greeting').waitFor({ state: 'visible', timeout: 60_000 });
    const loginToDashboardMs = performance.now() - pressed;
    return { loginReadyMs, loginToDashboardMs, jsBytes };
  } finally {
    await browser.close();
  }
}

const runs = Number(process.argv[2] ?? 3);
const server = await startServer({ webDist: path.join(ROOT, 'dist/web') });
try {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) results.push(await once(server.url));
  const loginReady = median(results.map((r) => r.loginReadyMs));
  const toDashboard = median(results.map((r) => r.loginToDashboardMs));
  const kb = median(results.map((r) => r.jsBytes)) / 1024;
  console.log(JSON.stringify({ machine: describeMachine(), runs: results }, null, 2));
  console.log(
    `journey (median of ${runs}): #/login takes input ${(loginReady / 1000).toFixed(2)} s; ` +
      `Log in → dashboard ${(toDashboard / 1000).toFixed(2)} s (target ≤ 0.8 s); ` +
      `whole ${((loginReady + toDashboard) / 1000).toFixed(2)} s (target ≤ 1.5 s); ` +
      `JS ${kb.toFixed(1)} KB transferred (target ≤ 110 KB)`,
  );
} finally {
  await server.stop();
}
