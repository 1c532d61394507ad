/**
 * The sign-in journey as a phone feels it (docs/decisions/0051): Lighthouse's mobile throttling through
 * the Chromium DevTools protocol (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower), on the
 * production server serving the benches' build (bench/out/web: `npm run bench:build` first).
 * 1) open #/login until the login name field takes input;
 * 2) from pressing Log in until the dashboard greets the user by name (the user's own data);
 * 3) the JavaScript transferred over the journey (compressed as served, with headers): what had arrived
 *    when the greeting was on screen; and, apart, once the dashboard's later parts had loaded too.
 * 1) and 2) are timed by the page, to the first frame painted with the field or the greeting: what a user
 * sees. The driver's own figures, which add its checks before a click and its polling, are notes.
 * Targets: 2) ≤ 0.8 s, 1) + 2) ≤ 1.5 s, 3) ≤ 110 KB. A benchmark, not a test: run it on a quiet machine.
 *
 * Run: npm run bench:journey -- [runs] [--trace]   (default 3; the median is reported; writes
 * bench/out/journey.json for bench/RESULTS.md)
 * --trace prints, for each run, what happened after Log in one after another (each request: when it was
 * sent, answered and finished, in ms from the press) and the JavaScript files of the whole journey.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/ensure-chromium.ts';
import { describeMachine } from './lib/machine.ts';
import { MOBILE_VIEWPORT, throttleLikeAPhone } from './lib/mobile.ts';
import { median, newResult, report, round } from './lib/results.ts';
import { startServer } from './lib/server.ts';

interface Run {
  /** As the page timed it: from the navigation's start until the login name took input, on screen. */
  loginReadyMs: number;
  /** As the page timed it: from the press on Log in until the greeting was on screen. */
  loginToDashboardMs: number;
  /** The same two as the driver saw them, with its own checks before the click and its polling after. */
  driverLoginReadyMs: number;
  driverLoginToDashboardMs: number;
  /** JavaScript the browser had received when the dashboard greeted the user (the journey's end). */
  jsBytes: number;
  /** JavaScript once the dashboard's own loads settled too (its later parts: the bills due). */
  jsSettledBytes: number;
  /** With --trace, in ms from the press: when the driver began its click (negative: before the press). */
  clickedMs?: number;
  /** With --trace, in ms from the press: when the page saw the form sent. */
  submitMs?: number;
  /** With --trace, in ms from the press: when the greeting was in the document (on screen a frame later). */
  inDocumentMs?: number;
  /** With --trace: every request of the journey, times in ms from the press (negative: before it). */
  trace?: TracedRequest[];
}

interface TracedRequest {
  url: string;
  method: string;
  sentMs: number;
  answeredMs?: number;
  finishedMs?: number;
  bytes?: number;
}

const TRACE = process.argv.includes('--trace');

async function once(baseURL: string): Promise<Run> {
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext({ baseURL, viewport: MOBILE_VIEWPORT, isMobile: true });
    const page = await context.newPage();
    const cdp = await throttleLikeAPhone(context, page);
    /** Each JavaScript file's size, and when it had arrived (the protocol's clock, in ms). */
    const js = new Map<string, { bytes: number; at: number }>();
    // The protocol's timestamps are the browser's monotonic seconds; the click is timed here. The smallest
    // gap between an event's arrival here and its timestamp maps one onto the other (within a few ms).
    const requests = new Map<string, TracedRequest & { sentAt: number }>();
    const inFlight = new Set<string>();
    let lastSettled = performance.now();
    const settle = (e: { requestId: string }) => {
      if (inFlight.delete(e.requestId)) lastSettled = performance.now();
    };
    cdp.on('Network.loadingFailed', settle);
    let offset = Infinity;
    const seen = (timestamp: number) => {
      offset = Math.min(offset, performance.now() - timestamp * 1000);
      return timestamp * 1000;
    };
    cdp.on(
      'Network.requestWillBeSent',
      (e: { requestId: string; timestamp: number; request: { url: string; method: string } }) => {
        const url = new URL(e.request.url);
        inFlight.add(e.requestId);
        requests.set(e.requestId, {
          url: url.pathname + url.search,
          method: e.request.method,
          sentAt: seen(e.timestamp),
          sentMs: 0,
        });
      },
    );
    cdp.on('Network.responseReceived', (e: { requestId: string; timestamp: number; response: { url: string } }) => {
      if (new URL(e.response.url).pathname.endsWith('.js')) js.set(e.requestId, { bytes: 0, at: Infinity });
      const r = requests.get(e.requestId);
      if (r) r.answeredMs = seen(e.timestamp);
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
      const file = js.get(e.requestId);
      if (file) js.set(e.requestId, { bytes: e.encodedDataLength, at: e.timestamp * 1000 });
      settle(e);
      const r = requests.get(e.requestId);
      if (r) {
        r.finishedMs = seen(e.timestamp);
        r.bytes = e.encodedDataLength;
      }
    });

    // What the user feels, timed by the page itself (performance.now(), from the navigation's start): when
    // the login name took input and when the greeting was on screen, each at the first frame painted after
    // it was in the document, and when Log in was pressed (the press's own event time). The driver's
    // figures add its own work: checking the button before it clicks (about 0.1 s at 4× CPU) and polling
    // for the greeting (up to 0.4 s); they are kept as notes.
    await page.addInitScript(() => {
      const marks: { ready?: number; pressed?: number; sent?: number; inDocument?: number; greeted?: number } = {};
      (window as { marks?: typeof marks }).marks = marks;
      // A frame's callbacks run before it is painted; a message posted from one is handled after.
      const afterPaint = (then: (at: number) => void) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => then(performance.now());
          channel.port2.postMessage(null);
        });
      addEventListener('pointerdown', (e) => (marks.pressed ??= e.timeStamp), { capture: true });
      addEventListener('submit', () => (marks.sent ??= performance.now()), { capture: true });
      let readySeen = false;
      let greetingSeen = false;
      new MutationObserver(() => {
        const input = document.querySelector<HTMLInputElement>('main input[name="loginName"]');
        if (!readySeen && input && !input.disabled && !input.readOnly) {
          readySeen = true;
          afterPaint((at) => (marks.ready = at));
        }
        if (!greetingSeen && document.querySelector('[data-testid="dashboard-greeting"]')) {
          greetingSeen = true;
          marks.inDocument = performance.now();
          afterPaint((at) => (marks.greeted = at));
        }
      }).observe(document, { childList: true, subtree: true, attributes: true });
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
    const driverLoginReadyMs = performance.now() - start;
    await loginName.fill('ptib.demo');
    await page.locator('main').getByLabel('Password', { exact: true }).fill('Demo!2345');
    // What typing started (the sign-in steps, the nonce, the key) has its time, as a user takes it to type:
    // nothing in flight for half a second. Not the page's 'networkidle', which is reached once after the
    // load and so may be past before the first key's imports are even asked for.
    while (inFlight.size > 0 || performance.now() - lastSettled < 500)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const clicked = performance.now();
    await page.locator('main').getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByTestId('dashboard-greeting').waitFor({ state: 'visible', timeout: 60_000 });
    const driverLoginToDashboardMs = performance.now() - clicked;
    await page.waitForFunction(() => (window as { marks?: { greeted?: number } }).marks?.greeted !== undefined);
    const { marks, origin } = await page.evaluate(() => ({
      marks: (window as { marks?: Record<string, number> }).marks ?? {},
      origin: performance.timeOrigin,
    }));
    if (marks.ready === undefined || marks.pressed === undefined || marks.greeted === undefined)
      throw new Error(`the page missed a mark: ${JSON.stringify(marks)}`);
    // The page's clock on this process's: both count from their own origin on the same wall clock.
    const here = (pageMs: number) => origin + pageMs - performance.timeOrigin;
    // The JavaScript of the journey is what had arrived when the greeting was on screen; what the
    // dashboard loads after it (the bills due) is counted apart, once nothing is in flight.
    const greetedAt = here(marks.greeted) - offset;
    const jsBytes = [...js.values()].filter((f) => f.at <= greetedAt).reduce((sum, f) => sum + f.bytes, 0);
    while (inFlight.size > 0 || performance.now() - lastSettled < 500)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const jsSettledBytes = [...js.values()].reduce((sum, f) => sum + f.bytes, 0);
    const run: Run = {
      loginReadyMs: marks.ready,
      loginToDashboardMs: marks.greeted - marks.pressed,
      driverLoginReadyMs,
      driverLoginToDashboardMs,
      jsBytes,
      jsSettledBytes,
    };
    if (!TRACE) return run;
    const pressed = here(marks.pressed);
    const fromPress = (at: number | undefined) => (at === undefined ? undefined : Math.round(at + offset - pressed));
    const trace = [...requests.values()]
      .map(({ sentAt, answeredMs, finishedMs, ...r }) => ({
        ...r,
        sentMs: fromPress(sentAt)!,
        answeredMs: fromPress(answeredMs),
        finishedMs: fromPress(finishedMs),
      }))
      .sort((a, b) => a.sentMs - b.sentMs);
    const sincePress = (at: number | undefined) => (at === undefined ? undefined : Math.round(at - marks.pressed!));
    return {
      ...run,
      clickedMs: Math.round(clicked - pressed),
      submitMs: sincePress(marks.sent),
      inDocumentMs: sincePress(marks.inDocument),
      trace,
    };
  } finally {
    await browser.close();
  }
}

const runs = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 3);

function printTrace(run: Run, index: number): void {
  const ms = (n: number | undefined) => (n === undefined ? '     -' : String(n).padStart(6));
  console.log(
    `run ${index + 1}: Log in → dashboard ${Math.round(run.loginToDashboardMs)} ms (the driver: ${Math.round(run.driverLoginToDashboardMs)} ms, its click begun at ${run.clickedMs} ms); ` +
      `the form sent at ${run.submitMs} ms, the greeting in the document at ${run.inDocumentMs} ms; requests (ms from the press):`,
  );
  console.log('  sent answered finished  bytes  request');
  for (const r of run.trace ?? [])
    console.log(
      `${ms(r.sentMs)} ${ms(r.answeredMs)}   ${ms(r.finishedMs)} ${String(r.bytes ?? '-').padStart(6)}  ${r.method} ${r.url}`,
    );
}
const server = await startServer();
try {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) results.push(await once(server.url));
  const loginReady = median(results.map((r) => r.loginReadyMs));
  const toDashboard = median(results.map((r) => r.loginToDashboardMs));
  const kb = median(results.map((r) => r.jsBytes)) / 1024;
  const settledKb = median(results.map((r) => r.jsSettledBytes)) / 1024;
  console.log(
    JSON.stringify(
      {
        machine: describeMachine(),
        runs: results.map(({ trace: _trace, clickedMs: _c, submitMs: _s, inDocumentMs: _d, ...r }) => r),
      },
      null,
      2,
    ),
  );
  if (TRACE) results.forEach(printTrace);
  const result = newResult(
    'journey',
    'Sign-in journey under mobile throttling (bench/journey.ts)',
    `npm run bench:build && npm run bench:journey -- ${runs}`,
  );
  const seconds = (ms: number) => round(ms / 1000);
  result.figures.push(
    {
      name: 'open #/login until the login name takes input (on screen, as the page timed it)',
      value: seconds(loginReady),
      unit: 's',
    },
    {
      name: 'press Log in until the greeting is on screen (as the page timed it)',
      value: seconds(toDashboard),
      unit: 's',
      target: '≤ 0.8 s',
      pass: toDashboard <= 800,
    },
    {
      name: 'whole journey',
      value: seconds(loginReady + toDashboard),
      unit: 's',
      target: '≤ 1.5 s',
      pass: loginReady + toDashboard <= 1500,
    },
    {
      name: 'JavaScript by the greeting (as transferred, with headers)',
      value: round(kb),
      unit: 'KB',
      target: '≤ 110 KB',
      pass: kb <= 110,
    },
    { name: "JavaScript once the dashboard's later loads settled", value: round(settledKb), unit: 'KB' },
  );
  result.notes!.push(
    `median of ${runs} runs; each run (login ready, Log in → dashboard): ${results
      .map((r) => `${seconds(r.loginReadyMs)}/${seconds(r.loginToDashboardMs)} s`)
      .join(', ')}`,
    `as the driver saw them (its checks before the click, its polling after): ${results
      .map((r) => `${seconds(r.driverLoginReadyMs)}/${seconds(r.driverLoginToDashboardMs)} s`)
      .join(', ')}`,
  );
  report(result);
} finally {
  await server.stop();
}
