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
}

export const DEFAULT_CONNECTIONS = 50;

export async function load(options: Options): Promise<LoadFigures> {
  const r = await autocannon({ connections: DEFAULT_CONNECTIONS, duration: 10, timeout: 10, ...options });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export const describe = (f: LoadFigures) =>
  `${Math.round(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms, ${f.requests} requests, ${f.errors} errors, ${f.non2xx} non-2xx`;
