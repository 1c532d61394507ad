/**
 * One load run with autocannon: N connections for D seconds, and the figures every bench reports.
 */
import autocannon, { type Options } from 'autocannon';

export interface LoadFigures {
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Socket errors and time-outs. */
  errors: number;
  /** Answers other than 2xx. */
  non2xx: number;
  /** Requests of the warm-up (not in the figures above; a CPU reading that spans both divides by both). */
  warmupRequests: number;
}

export const DEFAULT_CONNECTIONS = 50;
/**
 * Seconds of the same load before the measured run, not counted: the first second of a run is V8 compiling
 * the hot paths of both servers, which belongs to start-up, not to requests per second or p99 at load.
 */
export const WARMUP_SECONDS = 2;

export interface LoadOptions extends Options {
  /** Seconds of warm-up before the measured run (default, also when undefined: WARMUP_SECONDS; 0: none). */
  warmupSeconds?: number | undefined;
}

export async function load({ warmupSeconds = WARMUP_SECONDS, ...options }: LoadOptions): Promise<LoadFigures> {
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  const r = await autocannon({
    connections,
    duration: 10,
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
