/**
 * One load run with wrk (C, in its own process): N connections on WRK_THREADS threads for D seconds, after a
 * warm-up run of the same load that is not counted. The Lua scripts are in bench/lib/wrk/; each writes its
 * figures, and whatever globals of each thread's Lua state it names, as JSON to the file $BENCH_WRK_OUT.
 */
import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * One thread is several times what the server under test can answer on this machine (about 4,000
 * requests a second take a fraction of a core in wrk), and leaves the rest of the CPUs to the server.
 */
export const WRK_THREADS = 1;
const SCRIPTS = path.join(import.meta.dirname, 'wrk');
const TIMEOUT_SECONDS = 10;

export type WrkScript = 'static.lua' | 'refresh.lua' | 'pool.lua';

/** What a script's done() wrote: wrk's summary and, per thread, the globals the script named. */
export interface WrkRun {
  requests: number;
  durationUs: number;
  /** Socket errors (connect, read, write) and time-outs. */
  errors: number;
  /** Answers with a status of 400 or above (wrk's errors.status). */
  status: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  threads: Array<Record<string, unknown>>;
}

export interface WrkOptions {
  url: string;
  connections: number;
  /** Whole seconds (wrk takes no fractions). */
  duration: number;
  /** Whole seconds of the same load before, not counted; 0: none. */
  warmupSeconds: number;
  script: WrkScript;
  headers?: Record<string, string> | undefined;
  /** Values for the script (BENCH_…), the same for the warm-up and the measured run. */
  env?: Record<string, string>;
  /** Values for the measured run only, from what the warm-up did (such as where in a pool it stopped). */
  measuredEnv?: (warmup: WrkRun) => Record<string, string>;
}

/** wrk on PATH: its path and version line, or null. */
export function findWrk(): { path: string; version: string } | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, 'wrk');
    try {
      accessSync(file, constants.X_OK);
    } catch {
      continue;
    }
    // `wrk -v` prints its version, then the usage, and exits 1.
    const out = spawnSync(file, ['-v'], { encoding: 'utf8' });
    const version = /^wrk (\S+)/m.exec(`${out.stdout}${out.stderr}`)?.[1] ?? 'unknown version';
    return { path: file, version };
  }
  return null;
}

const run = promisify(execFile);

async function once(
  wrk: string,
  o: WrkOptions,
  seconds: number,
  dir: string,
  name: string,
  env: Record<string, string>,
): Promise<WrkRun> {
  const out = path.join(dir, `${name}.json`);
  const headers = Object.entries(o.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const argv = [
    `-t${WRK_THREADS}`,
    `-c${o.connections}`,
    `-d${seconds}s`,
    '--timeout',
    `${TIMEOUT_SECONDS}s`,
    '-s',
    path.join(SCRIPTS, o.script),
    ...headers,
    o.url,
  ];
  const result = await run(wrk, argv, {
    env: {
      ...process.env,
      BENCH_WRK_LIB: SCRIPTS,
      BENCH_WRK_OUT: out,
      BENCH_THREADS: String(WRK_THREADS),
      ...env,
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  try {
    return JSON.parse(readFileSync(out, 'utf8')) as WrkRun;
  } catch (error) {
    throw new Error(`wrk wrote no figures (${String(error)}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Runs the warm-up (if any), then the measured run; answers both runs' raw figures. */
export async function runWrk(wrk: string, o: WrkOptions): Promise<{ measured: WrkRun; warmup: WrkRun | null }> {
  if (o.connections < WRK_THREADS) throw new Error(`wrk needs at least ${WRK_THREADS} connections`);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  try {
    const whole = (s: number) => Math.max(1, Math.round(s));
    const warmup = o.warmupSeconds > 0 ? await once(wrk, o, whole(o.warmupSeconds), dir, 'warmup', o.env ?? {}) : null;
    const env = { ...o.env, ...(warmup && o.measuredEnv ? o.measuredEnv(warmup) : {}) };
    const measured = await once(wrk, o, whole(o.duration), dir, 'measured', env);
    return { measured, warmup };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sum of a numeric global over the threads of a run. */
export const sumOver = (r: WrkRun | null, name: string): number =>
  (r?.threads ?? []).reduce((sum, t) => sum + (typeof t[name] === 'number' ? t[name] : 0), 0);
