/**
 * An open-loop load at a constant rate: request i is due at start + i / rate, whatever happened to the
 * requests before it, and its latency is counted from when it was due, not from when it went out. A server
 * that falls behind therefore shows it in the latencies (a closed loop would only send less). Not
 * autocannon's overallRate, which resets each connection's quota every second (bursts at each second) and
 * invents samples in its latency correction.
 */

export interface PacedFigures {
  /** Requests due in the counted window. */
  sent: number;
  /** Answered as the call expects. */
  ok: number;
  /** Anything else: wrong status, a network error, a time-out. */
  errors: number;
  /** A few of the errors, to say what went wrong. */
  errorSamples: string[];
  p50: number;
  p99: number;
  max: number;
  /** Requests a second actually answered in the counted window. */
  achieved: number;
  /** The server processes' CPU time per request in the window (warm-up included), when measured. */
  cpuMsPerRequest?: number;
  /** The same for the load generator (this process) and for the whole machine, when measured. */
  generatorCpuMsPerRequest?: number;
  machineCpuMsPerRequest?: number;
}

export interface PacedOptions {
  rate: number;
  /** Counted seconds, after warmupSeconds at the same rate that are not counted. */
  seconds: number;
  warmupSeconds?: number;
  /** One request: resolves true when answered as expected, false (or throws) otherwise. */
  fire(): Promise<boolean>;
  /** A request not answered by then is an error (and no longer waited for). */
  timeoutMs?: number;
}

const TICK_MS = 1;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

export async function paced(options: PacedOptions): Promise<PacedFigures> {
  const { rate, seconds, fire } = options;
  const warmup = options.warmupSeconds ?? 1;
  const timeoutMs = options.timeoutMs ?? 2_000;
  const total = Math.round(rate * (warmup + seconds));
  const counted = Math.round(rate * warmup);
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];

  const one = (due: number, count: boolean) => {
    const done = (ok: boolean, why?: string) => {
      if (!count) return;
      if (ok) latencies.push(performance.now() - due);
      else {
        errors++;
        if (errorSamples.length < 5 && why) errorSamples.push(why);
      }
    };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs - (performance.now() - due));
    });
    return Promise.race([
      fire().catch((error: unknown) => {
        if (count && errorSamples.length < 5) errorSamples.push(String(error));
        return null;
      }),
      timedOut,
    ]).then((ok) => {
      clearTimeout(timer);
      // null: the call failed and said why above; false: it did not answer in time.
      done(ok === true, ok === false ? 'no answer in time, or not the answer expected' : undefined);
    });
  };

  let issued = 0;
  while (issued < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - start) / 1000) * rate) + 1);
    while (issued < due) {
      const dueAt = start + (issued / rate) * 1000;
      pending.push(one(dueAt, issued >= counted));
      issued++;
    }
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
  await Promise.all(pending);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    sent: total - counted,
    ok: sorted.length,
    errors,
    errorSamples,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    achieved: sorted.length / seconds,
  };
}

/** Held: every counted request answered as expected, with p99 at most p99Ms. */
export const held = (f: PacedFigures, p99Ms: number) => f.errors === 0 && f.ok === f.sent && f.p99 <= p99Ms;

/** The CPU a request cost where it was measured (open-loop's `measured`), for a step's line. */
export function cpuSummary(f: PacedFigures): string {
  if (f.cpuMsPerRequest === undefined) return '';
  const parts = [`servers ${f.cpuMsPerRequest.toFixed(2)}`];
  if (f.generatorCpuMsPerRequest !== undefined) parts.push(`generator ${f.generatorCpuMsPerRequest.toFixed(2)}`);
  if (f.machineCpuMsPerRequest !== undefined) parts.push(`machine ${f.machineCpuMsPerRequest.toFixed(2)}`);
  return `, CPU ms/request: ${parts.join(', ')}`;
}

/**
 * The highest rate of `rates` (ascending) held, trying each in turn and stopping at the first that is
 * not; with every step's figures.
 */
export async function highestHeld(
  rates: readonly number[],
  p99Ms: number,
  step: (rate: number) => Promise<PacedFigures>,
  log: (line: string) => void = () => {},
): Promise<{ rate: number; steps: { rate: number; figures: PacedFigures }[] }> {
  let best = 0;
  const steps: { rate: number; figures: PacedFigures }[] = [];
  for (const rate of rates) {
    const figures = await step(rate);
    steps.push({ rate, figures });
    log(
      `  ${rate}/s: p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${figures.errors} errors` +
        cpuSummary(figures) +
        (figures.errorSamples.length ? ` (${figures.errorSamples.join('; ').slice(0, 300)})` : ''),
    );
    if (!held(figures, p99Ms)) break;
    best = rate;
  }
  return { rate: best, steps };
}
