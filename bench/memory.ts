/**
 * Memory: the server's RSS once healthy (first start on a new data directory, and a restart on an
 * existing one), then a soak: mixed load (refreshJWT, encrypted retrieveProfile, case list, site search,
 * the page itself) for N minutes with RSS sampled every 10 s. Growth is the last fifth of the soak against
 * the fifth after warm-up, and against the fifth in the middle (the second half of a soak without a leak is
 * flat). The peak is the kernel's high-water mark (VmHWM), which also sees peaks between samples. For
 * comparison, the same server on a PostgreSQL server (a throwaway cluster): what Node, Fastify and our
 * modules cost without PGlite.
 * Run: npm run bench:memory -- [--minutes=10] [--skip-postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '#contract/index.ts';
import { profileLoad, profilePoolRps, refreshLoad } from './api.ts';
import { refreshAccountsFor, signedInClient } from './lib/client.ts';
import { describeGenerator, load } from './lib/load.ts';
import { args, newResult, report, round } from './lib/results.ts';
import { peakRssMb, rssMb, startServer } from './lib/server.ts';
import { startCluster } from '../scripts/lib/postgres-cluster.ts';
import { seedRefreshAccounts } from './seed.ts';

export const RSS_TARGET_MB = 150;
const SAMPLE_MS = 10_000;
const SEGMENT_S = 15;
const CONNECTIONS = 10;
const SETTLE_MS = 5_000;

if (import.meta.main) {
  const minutes = Number(args().get('minutes') ?? 10);
  const result = newResult(
    'memory',
    `Memory: RSS after start and over a ${minutes}-minute soak`,
    `npm run bench:build && npm run bench:memory -- --minutes=${minutes}`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ptib-bench-mem-'));
  try {
    const first = await startServer({ dataDir });
    const firstRss = rssMb(first.pid)!;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const firstSettled = rssMb(first.pid)!;
    await first.stop();
    // The refresh segments' sessions (bench/api.ts refreshLoad), after the first start measured a new directory.
    await seedRefreshAccounts({ dataDir }, refreshAccountsFor(CONNECTIONS));

    const server = await startServer({ dataDir });
    const atStart = rssMb(server.pid)!;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = rssMb(server.pid)!;
    const startPeak = peakRssMb(server.pid)!;
    result.figures.push(
      {
        name: 'RSS when healthy, first start (new data directory: initdb, migrations, seed)',
        value: round(firstRss),
        unit: 'MB',
      },
      { name: `RSS ${SETTLE_MS / 1000} s later, first start`, value: round(firstSettled), unit: 'MB' },
      {
        name: 'RSS when healthy, restart on the existing data directory',
        value: round(atStart),
        unit: 'MB',
        target: `≤ ${RSS_TARGET_MB} MB`,
        pass: atStart <= RSS_TARGET_MB,
      },
      {
        name: `RSS ${SETTLE_MS / 1000} s later, restart`,
        value: round(settled),
        unit: 'MB',
        target: `≤ ${RSS_TARGET_MB} MB`,
        pass: settled <= RSS_TARGET_MB,
      },
      { name: `RSS peak in the first ${SETTLE_MS / 1000} s (VmHWM), restart`, value: round(startPeak), unit: 'MB' },
    );

    const samples: Array<{ s: number; rss: number; requests: number }> = [];
    let endPeak = 0;
    let requests = 0;
    const t0 = performance.now();
    const sampler = setInterval(() => {
      samples.push({ s: Math.round((performance.now() - t0) / 1000), rss: rssMb(server.pid) ?? NaN, requests });
    }, SAMPLE_MS);
    const until = t0 + minutes * 60_000;
    // No warm-up: the soak is one long run, and its first minutes are part of its curve.
    const o = { duration: SEGMENT_S, connections: CONNECTIONS, warmupSeconds: 0 };
    let segment = 0;
    // The refreshJWT segment before each retrieveProfile one sizes its pool of sealed requests (profilePoolRps).
    let refreshRps = 0;
    try {
      while (performance.now() + SEGMENT_S * 1000 <= until) {
        const client = await signedInClient(server.url);
        const auth = { authorization: `Bearer ${client.token}` };
        const kind = segment % 5;
        const profile = kind === 1 ? await profileLoad(server.url, client, o, profilePoolRps(refreshRps)) : undefined;
        if (profile?.exhausted) result.notes!.push(`segment ${segment}: ${profile.exhausted} sealed requests replayed`);
        const f =
          kind === 0
            ? await refreshLoad(server.url, o)
            : profile
              ? profile.figures
              : kind === 2
                ? await load({ url: `${server.url}${API_PATHS.cases}?app=PRD`, ...o, headers: auth })
                : kind === 3
                  ? await load({ url: `${server.url}${API_PATHS.search}?q=refund`, ...o, headers: auth })
                  : await load({ url: `${server.url}/`, ...o, headers: { 'accept-encoding': 'br' } });
        if (kind === 0) refreshRps = f.rps;
        requests += f.requests;
        if (f.errors + f.non2xx > 0) result.notes!.push(`segment ${segment}: ${f.errors} errors, ${f.non2xx} non-2xx`);
        segment += 1;
      }
      const rest = until - performance.now();
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    } finally {
      clearInterval(sampler);
      endPeak = peakRssMb(server.pid) ?? 0;
      await server.stop();
    }
    samples.push({ s: Math.round((performance.now() - t0) / 1000), rss: NaN, requests });
    const valid = samples.filter((x) => Number.isFinite(x.rss));
    const fifth = Math.max(1, Math.floor(valid.length / 5));
    const mean = (xs: typeof valid) => xs.reduce((n, x) => n + x.rss, 0) / xs.length;
    const warm = mean(valid.slice(fifth, 2 * fifth));
    const last = mean(valid.slice(-fifth));
    const growth = (last - warm) / warm;
    const middle = mean(valid.slice(Math.floor(valid.length / 2), Math.floor(valid.length / 2) + fifth));
    const secondHalf = (last - middle) / middle;
    const sampledPeak = Math.max(...valid.map((x) => x.rss));
    const peak = Math.max(endPeak, sampledPeak);
    result.figures.push(
      { name: 'soak: requests served', value: requests },
      { name: 'soak: RSS, mean of the last fifth', value: round(last), unit: 'MB' },
      {
        name: 'soak: RSS growth, last fifth vs. after warm-up',
        value: round(growth * 100),
        unit: '%',
        target: '≤ 5 % (no growth)',
        pass: growth <= 0.05,
      },
      {
        name: 'soak: RSS growth over the second half, last fifth vs. the middle fifth',
        value: round(secondHalf * 100),
        unit: '%',
        target: '≤ 5 % (flat)',
        pass: secondHalf <= 0.05,
      },
      // Reported, not held to a target: docs/decisions/0020 bounds RSS after start and asks the soak for no growth. Under
      // load each thread's young generation grows back to serve it (docs/decisions/0020 and 0025).
      { name: 'soak: RSS peak of the samples', value: round(sampledPeak), unit: 'MB' },
      { name: 'RSS peak over the whole restart and soak (VmHWM)', value: round(peak), unit: 'MB' },
    );
    const width = 40;
    const max = Math.max(...valid.map((x) => x.rss));
    result.details = [
      `Soak: ${CONNECTIONS} connections in ${SEGMENT_S}-second segments, each a fresh sign-in, rotating refreshJWT, encrypted retrieveProfile, case list, site search and the page (brotli); load generator: ${describeGenerator()}. RSS from /proc every ${SAMPLE_MS / 1000} s:`,
      '',
      '```',
      ...valid.map(
        (x) =>
          `${String(x.s).padStart(5)} s ${x.rss.toFixed(0).padStart(5)} MB ${'#'.repeat(Math.round((x.rss / max) * width))}`,
      ),
      '```',
    ].join('\n');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!args().has('skip-postgres')) await withoutPglite(result);
  report(result);
}

/** The same server on a PostgreSQL server: Node, Fastify and our modules without the embedded database. */
async function withoutPglite(result: ReturnType<typeof newResult>): Promise<void> {
  const cluster = await startCluster();
  try {
    const options = { databaseUrl: cluster.url, env: { SEED_DEMO: '1' } };
    await (await startServer(options)).stop();
    await seedRefreshAccounts({ databaseUrl: cluster.url }, refreshAccountsFor(CONNECTIONS));
    const server = await startServer(options);
    try {
      const atStart = rssMb(server.pid)!;
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const settled = rssMb(server.pid)!;
      await refreshLoad(server.url, { duration: SEGMENT_S, connections: CONNECTIONS });
      const loaded = rssMb(server.pid)!;
      result.figures.push(
        { name: 'PostgreSQL server instead of PGlite: RSS when healthy, restart', value: round(atStart), unit: 'MB' },
        {
          name: `PostgreSQL server instead of PGlite: RSS ${SETTLE_MS / 1000} s later`,
          value: round(settled),
          unit: 'MB',
        },
        {
          name: `PostgreSQL server instead of PGlite: RSS after ${SEGMENT_S} s of refreshJWT`,
          value: round(loaded),
          unit: 'MB',
        },
        {
          name: 'PostgreSQL server instead of PGlite: RSS peak (VmHWM)',
          value: round(peakRssMb(server.pid)!),
          unit: 'MB',
        },
      );
    } finally {
      await server.stop();
    }
  } finally {
    cluster.destroy();
  }
}
