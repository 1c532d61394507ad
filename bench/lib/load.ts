/**
 * One load run: N connections for D seconds, and the figures every bench reports. The load generator is wrk
 * (C, its own process; bench/lib/wrk.ts) when it is on PATH, else autocannon (JavaScript, in the bench's own
 * process, where it takes about a CPU the server under test would otherwise have). BENCH_LOAD_GENERATOR=
 * autocannon forces autocannon, for comparing the two.
 */
import autocannon, { type Options } from 'autocannon';
import { WRK_THREADS, findWrk, runWrk, type WrkOptions, type WrkRun } from './wrk.ts';

export interface LoadFigures {
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Socket errors and time-outs. */
  errors: number;
  /** Answers other than 2xx (wrk: answers of 400 and above). */
  non2xx: number;
  /** Requests of the warm-up (not in the figures above; a CPU reading that spans both divides by both). */
  warmupRequests: number;
}

export const DEFAULT_CONNECTIONS = 50;
export const DEFAULT_DURATION_SECONDS = 10;
/**
 * Seconds of the same load before the measured run, not counted: the first second of a run is V8 compiling
 * the hot paths of both servers, which belongs to start-up, not to requests per second or p99 at load.
 */
export const WARMUP_SECONDS = 2;

export type LoadGenerator =
  { name: 'wrk'; path: string; version: string; threads: number } | { name: 'autocannon'; reason: string };

let chosen: LoadGenerator | undefined;

/** The load generator of this process (chosen, and printed, once). */
export function loadGenerator(): LoadGenerator {
  if (chosen) return chosen;
  const forced = process.env.BENCH_LOAD_GENERATOR;
  if (forced !== undefined && forced !== 'wrk' && forced !== 'autocannon')
    throw new Error(`BENCH_LOAD_GENERATOR must be wrk or autocannon, not ${forced}`);
  const wrk = forced === 'autocannon' ? null : findWrk();
  if (forced === 'wrk' && !wrk)
    throw new Error('BENCH_LOAD_GENERATOR=wrk, but wrk is not on PATH (apt-get install wrk)');
  chosen = wrk
    ? { name: 'wrk', ...wrk, threads: WRK_THREADS }
    : {
        name: 'autocannon',
        reason: forced === 'autocannon' ? 'BENCH_LOAD_GENERATOR=autocannon' : 'wrk is not on PATH',
      };
  if (chosen.name === 'wrk') console.log(`load generator: ${describeGenerator(chosen)}`);
  else
    console.warn(
      `load generator: AUTOCANNON (${chosen.reason}). It runs in the bench process and takes about a CPU from the ` +
        'server under test, so figures are lower than with wrk; install wrk for the real figures: apt-get install wrk',
    );
  return chosen;
}

/** The generator, for a bench's details. */
export function describeGenerator(g: LoadGenerator = loadGenerator()): string {
  return g.name === 'wrk'
    ? `wrk ${g.version} (${g.path}; C, its own process), ${g.threads} thread${g.threads === 1 ? '' : 's'}`
    : `autocannon (JavaScript, in the bench process: ${g.reason})`;
}

export interface LoadOptions {
  url: string;
  connections?: number | undefined;
  duration?: number | undefined;
  /** Seconds of warm-up before the measured run (default, also when undefined: WARMUP_SECONDS; 0: none). */
  warmupSeconds?: number | undefined;
  method?: string | undefined;
  headers?: Record<string, string> | undefined;
  body?: string | undefined;
}

/** The same request over and over, with whichever generator this process uses. */
export function load(o: LoadOptions): Promise<LoadFigures> {
  if (loadGenerator().name === 'wrk') {
    return wrkLoad({
      ...o,
      script: 'static.lua',
      env: { BENCH_METHOD: o.method ?? 'GET', ...(o.body === undefined ? {} : { BENCH_BODY: o.body }) },
    }).then((r) => r.figures);
  }
  const {
    url,
    connections = DEFAULT_CONNECTIONS,
    duration = DEFAULT_DURATION_SECONDS,
    warmupSeconds,
    method = 'GET',
    headers = {},
    body,
  } = o;
  return autocannonLoad({
    url,
    connections,
    duration,
    warmupSeconds,
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

export type WrkLoadOptions = Omit<WrkOptions, 'connections' | 'duration' | 'warmupSeconds'> & {
  connections?: number | undefined;
  duration?: number | undefined;
  warmupSeconds?: number | undefined;
};

/** A run with one of the Lua scripts of bench/lib/wrk/ (wrk must be the generator); also the raw runs. */
export async function wrkLoad({
  connections = DEFAULT_CONNECTIONS,
  duration = DEFAULT_DURATION_SECONDS,
  warmupSeconds = WARMUP_SECONDS,
  ...o
}: WrkLoadOptions): Promise<{ figures: LoadFigures; measured: WrkRun; warmup: WrkRun | null }> {
  const g = loadGenerator();
  if (g.name !== 'wrk') throw new Error('wrkLoad without wrk');
  const { measured, warmup } = await runWrk(g.path, { ...o, connections, duration, warmupSeconds });
  const ms = (us: number) => Math.round(us / 10) / 100;
  return {
    figures: {
      rps: measured.requests / (measured.durationUs / 1e6),
      p50: ms(measured.p50Us),
      p99: ms(measured.p99Us),
      max: ms(measured.maxUs),
      requests: measured.requests,
      errors: measured.errors,
      non2xx: measured.status,
      warmupRequests: warmup?.requests ?? 0,
    },
    measured,
    warmup,
  };
}

export interface AutocannonLoadOptions extends Options {
  /** Seconds of warm-up before the measured run (default, also when undefined: WARMUP_SECONDS; 0: none). */
  warmupSeconds?: number | undefined;
}

/** A run with autocannon, whose requests may be set up in JavaScript (the fallback's way of dynamic loads). */
export async function autocannonLoad({
  warmupSeconds = WARMUP_SECONDS,
  ...options
}: AutocannonLoadOptions): Promise<LoadFigures> {
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  const r = await autocannon({
    connections,
    duration: DEFAULT_DURATION_SECONDS,
    timeout: 10,
    ...(warmupSeconds > 0 ? { warmup: { connections, duration: warmupSeconds } } : {}),
    ...options,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    warmupRequests: r.warmup?.requests.total ?? 0,
  };
}

export const describe = (f: LoadFigures) =>
  `${Math.round(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms, ${f.requests} requests, ${f.errors} errors, ${f.non2xx} non-2xx`;
