/**
 * Start-up: from `npm start` on a built tree to a healthy /healthz, with an existing data directory
 * (the usual restart), median of several runs; `node <the server's entry>` alone for comparison.
 * Run: npm run bench:startup -- [--runs=5]
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_WEB_DIST } from './lib/build.ts';
import { ROOT, args, median, newResult, report } from './lib/results.ts';
import { SERVER_COMMAND, SERVER_ENTRY, startServer } from './lib/server.ts';

export const STARTUP_TARGET_MS = 3_000;

/** Whether `npm start` would build dist/web first (scripts/build-if-needed.ts asks the same). */
function npmStartWouldBuild(): boolean {
  const built = path.join(ROOT, 'dist/web/index.html');
  if (!existsSync(built)) return true;
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((latest, e) => {
      const full = path.join(dir, e.name);
      return Math.max(latest, e.isDirectory() ? newest(full) : statSync(full).mtimeMs);
    }, 0);
  const sources = Math.max(...['web', 'contract', 'scripts'].map((d) => newest(path.join(ROOT, d))));
  const configs = Math.max(...['vite.config.ts', 'package.json'].map((f) => statSync(path.join(ROOT, f)).mtimeMs));
  return Math.max(sources, configs) > statSync(built).mtimeMs;
}

if (import.meta.main) {
  const runs = Number(args().get('runs') ?? 5);
  const result = newResult(
    'startup',
    'Start-up: npm start to healthy, existing data directory',
    `npm run build && npm run bench:startup -- --runs=${runs}`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ptib-bench-start-'));
  try {
    const first = await startServer({ dataDir });
    result.figures.push({
      name: `first start (new data directory), node ${SERVER_ENTRY}`,
      value: Math.round(first.startMs),
      unit: 'ms',
    });
    await first.stop();
    const wouldBuild = npmStartWouldBuild();
    const npmTimes: number[] = [];
    const nodeTimes: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const viaNpm = await startServer({
        dataDir,
        argv: ['npm', 'start', '--silent'],
        webDist: BENCH_WEB_DIST,
        timeoutMs: 180_000,
      });
      npmTimes.push(viaNpm.startMs);
      await viaNpm.stop();
      const direct = await startServer({ dataDir });
      nodeTimes.push(direct.startMs);
      await direct.stop();
      console.log(
        `  run ${i + 1}: npm start ${Math.round(npmTimes.at(-1)!)} ms, node ${SERVER_ENTRY} ${Math.round(nodeTimes.at(-1)!)} ms`,
      );
    }
    const npmMedian = median(npmTimes);
    result.figures.push(
      {
        name: 'npm start → healthy, median',
        value: Math.round(npmMedian),
        unit: 'ms',
        target: `≤ ${STARTUP_TARGET_MS} ms`,
        pass: npmMedian <= STARTUP_TARGET_MS,
      },
      { name: 'npm start → healthy, slowest', value: Math.round(Math.max(...npmTimes)), unit: 'ms' },
      { name: `node ${SERVER_ENTRY} → healthy, median`, value: Math.round(median(nodeTimes)), unit: 'ms' },
    );
    result.details =
      `Runs (ms): npm start ${npmTimes.map(Math.round).join(', ')}; node ${SERVER_ENTRY} ${nodeTimes.map(Math.round).join(', ')}. ` +
      `npm start includes npm itself and scripts/build-if-needed.ts (which checks that dist/web is newer than the sources). ` +
      `node ${SERVER_ENTRY} runs as the start script runs it: \`${SERVER_COMMAND}\`.`;
    if (wouldBuild) {
      result.notes!.push(
        'dist/web was older than the sources, so `npm start` rebuilt the web app in the first run: run `npm run build` first for a fair figure.',
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  report(result);
}
