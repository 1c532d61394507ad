import { readFileSync, readdirSync } from 'node:fs';

/** Milliseconds of CPU (user + system) each thread of a process has used so far, by the thread's name. */
export function threadCpuMs(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (100 a second on Linux).
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    byName.set(name, (byName.get(name) ?? 0) + ms);
  }
  return byName;
}

/**
 * CPU per request of each kind of thread over a load: Node's main thread answers HTTP, "WorkerThread" is the
 * embedded database's (docs/decisions/0022), "V8Worker" V8's helpers (garbage collection), "libuv-worker" the
 * thread pool. Reads /proc, so Linux only.
 */
export async function cpuPerRequest<T extends { requests: number; warmupRequests?: number }>(
  pid: number,
  run: () => Promise<T>,
): Promise<{ result: T; perThread: Array<{ thread: string; ms: number }>; totalMs: number }> {
  const before = threadCpuMs(pid);
  const result = await run();
  const after = threadCpuMs(pid);
  const perThread = [...after]
    .map(([thread, ms]) => ({
      thread,
      ms: (ms - (before.get(thread) ?? 0)) / Math.max(1, result.requests + (result.warmupRequests ?? 0)),
    }))
    .filter((t) => t.ms >= 0.005)
    .sort((a, b) => b.ms - a.ms);
  return { result, perThread, totalMs: perThread.reduce((sum, t) => sum + t.ms, 0) };
}

export const describeCpu = (c: { perThread: Array<{ thread: string; ms: number }>; totalMs: number }) =>
  `server CPU per request ${c.totalMs.toFixed(2)} ms: ${c.perThread.map((t) => `${t.thread} ${t.ms.toFixed(2)}`).join(', ')}`;
