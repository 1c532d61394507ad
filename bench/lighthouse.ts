/**
 * Lighthouse 12 (mobile preset: simulated slow 4G and a 4× slower CPU) on #/home and #/login of the
 * real built server, driven through Debian's Chromium (never a downloaded browser), beside two floors in the
 * same runs: a bare React 19 page and a page without script (bench/lib/floor.ts). Each page runs
 * several times; each figure is its own median over the runs, as the API and growth benches report theirs
 * (one "median run" picked by its score would report, when every score is 100, whichever run's TBT came with
 * the median LCP). Every run is listed.
 * Run: npm run bench:lighthouse -- [--runs=3]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../scripts/ensure-chromium.ts';
import { OUT_DIR, args, median, newResult, report, type Figure } from './lib/results.ts';
import { FLOORS, floorDist } from './lib/floor.ts';
import { startServer, type RunningServer } from './lib/server.ts';

/** The flags the browser tests use (scripts/ensure-chromium.ts), headless. */
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const MAX_FAILED_RUNS = 3;

/** A page Lighthouse loads: the app's, or a floor's (served by a server of its own, at its root). */
interface Page {
  name: string;
  /** What follows the server's address. */
  path: string;
  /** The base address of the server that serves it. */
  base: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface PageRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  scriptBytes: number;
  /** Lighthouse's measure of the host CPU's speed in this run (it warns below 1000: slower than it expects). */
  benchmarkIndex: number;
  renderBlocking: string[];
  failing: string[];
}

function summarize(lhr: Lhr): PageRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (id: string) => (lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
  const scriptBytes = items('network-requests')
    .filter((r) => r.resourceType === 'Script')
    .reduce((n, r) => n + Number(r.transferSize ?? 0), 0);
  // Audits that count towards a category and did not pass: what keeps a score below 100.
  const failing = Object.values(lhr.categories).flatMap((cat) =>
    cat.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => `${cat.id}: ${a.id} (${a.displayValue ?? a.score})`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcpMs: num('first-contentful-paint'),
    scriptBytes,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    renderBlocking: items('render-blocking-resources').map((r) => String(r.url)),
    failing,
  };
}

/**
 * Every page once per run, in turn, the same order each run: a busy moment on the shared machine lands on
 * the app's pages and the floors of that run alike, as the API bench runs its yardstick beside each call.
 */
export async function runLighthouse(pages: Page[], runs: number): Promise<Map<string, PageRun[]>> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium: install Debian chromium or set CHROME_PATH.');
  const all = new Map<string, PageRun[]>(pages.map((page) => [page.name, []]));
  mkdirSync(OUT_DIR, { recursive: true });
  for (let i = 0; i < runs; i += 1) {
    for (const page of pages) {
      for (let failures = 0; ;) {
        // A fresh browser per run: no cache, no service worker, like a first visit.
        const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
        try {
          const result = await lighthouse(`${page.base}/${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
          });
          const error = !result ? 'no result' : result.lhr.runtimeError?.message;
          if (error || !result) {
            // Trace recording fails now and then on a busy machine (NO_NAVSTART, NO_FCP): run again.
            if (++failures > MAX_FAILED_RUNS) throw new Error(`Lighthouse: ${error}`);
            console.log(`  ${page.name}: Lighthouse failed (${error}); running again`);
            continue;
          }
          const run = summarize(result.lhr);
          all.get(page.name)!.push(run);
          writeFileSync(path.join(OUT_DIR, `lighthouse-${page.name}-${i + 1}.json`), JSON.stringify(result.lhr));
          console.log(
            `  ${page.name} run ${i + 1}: performance ${run.performance}, a11y ${run.accessibility}, best practices ${run.bestPractices}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls}; host benchmark index ${Math.round(run.benchmarkIndex)}`,
          );
          break;
        } finally {
          chrome.kill();
        }
      }
    }
  }
  return all;
}

/**
 * Render-blocking requests other than the stylesheet. The route gate blocks the first paint on purpose, so
 * that #/login and other addresses never paint home's main, but it is inline: no request
 * (docs/decisions/0012-prerendered-home.md). Anything else, such as the app's own scripts, must not.
 */
export function unexpectedBlocking(urls: string[]): string[] {
  return urls.filter((u) => !u.endsWith('.css'));
}

/** The figures the bench holds to a target. */
type PageFigures = Pick<
  PageRun,
  'performance' | 'accessibility' | 'bestPractices' | 'lcpMs' | 'tbtMs' | 'cls' | 'renderBlocking'
>;

/** Each figure's median over the runs; the render-blocking requests of any run. */
export function medians(list: PageRun[]): PageFigures {
  const mid = (pick: (r: PageRun) => number) => median(list.map(pick));
  return {
    performance: mid((r) => r.performance),
    accessibility: mid((r) => r.accessibility),
    bestPractices: mid((r) => r.bestPractices),
    lcpMs: mid((r) => r.lcpMs),
    tbtMs: mid((r) => r.tbtMs),
    cls: mid((r) => r.cls),
    renderBlocking: [...new Set(list.flatMap((r) => r.renderBlocking))],
  };
}

if (import.meta.main) {
  const runs = Number(args().get('runs') ?? 3);
  const result = newResult(
    'lighthouse',
    'Web: Lighthouse 12.8.2 mobile (median of runs), beside two floors in the same runs',
    `npm run bench:build && npm run bench:lighthouse -- --runs=${runs}`,
  );
  const app = await startServer();
  const floors: Array<{ floor: (typeof FLOORS)[number]; server: RunningServer }> = [];
  try {
    for (const floor of FLOORS) floors.push({ floor, server: await startServer({ webDist: floorDist(floor.source) }) });
    const labels = new Map<string, string>([
      ['home', '#/home'],
      ['login', '#/login'],
      ...floors.map(({ floor }) => [floor.name, `floor: ${floor.what}`] as const),
    ]);
    const pages = await runLighthouse(
      [
        { name: 'home', path: '#/home', base: app.url },
        { name: 'login', path: '#/login', base: app.url },
        ...floors.map(({ floor, server }) => ({ name: floor.name, path: '', base: server.url })),
      ],
      runs,
    );
    const details: string[] = [
      '| page | run | perf | a11y | best practices | LCP ms | TBT ms | CLS | FCP ms | JS transferred | host benchmark index |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    ];
    for (const [name, list] of pages) {
      const label = labels.get(name)!;
      const m = medians(list);
      const fig = (what: string, value: number | string, unit: string, target: string, pass: boolean): Figure => ({
        name: `${label} ${what}`,
        value,
        unit,
        target,
        pass,
      });
      if (name.startsWith('floor')) {
        // Context for the app's figures, measured in the same runs; no target of their own.
        result.figures.push(
          { name: `${label}: performance`, value: m.performance },
          { name: `${label}: LCP`, value: Math.round(m.lcpMs), unit: 'ms' },
          { name: `${label}: TBT`, value: Math.round(m.tbtMs), unit: 'ms' },
        );
      } else {
        result.figures.push(
          fig('performance', m.performance, '', '100', m.performance === 100),
          fig('accessibility', m.accessibility, '', '100', m.accessibility === 100),
          fig('best practices', m.bestPractices, '', '100', m.bestPractices === 100),
          fig('LCP', Math.round(m.lcpMs), 'ms', '≤ 1300 ms', m.lcpMs <= 1300),
          fig('TBT', Math.round(m.tbtMs), 'ms', '≤ 50 ms', m.tbtMs <= 50),
          fig('CLS', m.cls === 0 ? 0 : m.cls.toFixed(4), '', '0', m.cls === 0),
          fig(
            'render-blocking requests besides the one CSS file',
            unexpectedBlocking(m.renderBlocking).length,
            '',
            '0',
            unexpectedBlocking(m.renderBlocking).length === 0,
          ),
        );
        if (m.renderBlocking.length > 0)
          result.notes!.push(`${label}, render-blocking: ${m.renderBlocking.join(', ')}.`);
      }
      list.forEach((r, i) => {
        details.push(
          `| ${label} | ${i + 1} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${Math.round(r.lcpMs)} | ${Math.round(r.tbtMs)} | ${r.cls} | ${Math.round(r.fcpMs)} | ${(r.scriptBytes / 1000).toFixed(1)} kB | ${Math.round(r.benchmarkIndex)} |`,
        );
        if (r.failing.length > 0 && !name.startsWith('floor'))
          result.notes!.push(`${label} run ${i + 1}, audits below full score: ${r.failing.join('; ')}.`);
      });
    }
    result.details = [
      'Every run (JS transferred is what the server actually sent: brotli when the browser asks for it). Each run loads every page in turn, the floors too: a bare React 19 page (React and React DOM rendering one paragraph) and a page without script or stylesheet (what Chromium itself costs), each built from bench/floor/ and served by the real server as the app is.',
      '',
      ...details,
      '',
      "The host benchmark index is Lighthouse's own measure of the CPU in that run (higher is faster; Lighthouse warns below 1000). Its simulated throttling multiplies the time each task took on this host by 4, so TBT follows the host's speed at that moment, the floors' too.",
      '',
      'Full reports of each run: bench/out/lighthouse-<page>-<run>.json (open in the Lighthouse viewer).',
    ].join('\n');
  } finally {
    await app.stop();
    for (const { server } of floors) await server.stop();
  }
  report(result);
}
