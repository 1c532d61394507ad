/**
 * What a figure was measured on: figures from a 2-core machine shared with other work mean little
 * without the machine beside them.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  date: string;
  nproc: number;
  memoryGiB: number;
  cpuModel: string;
  node: string;
  commit: string;
  /** 1-minute load average when the bench started: a busy machine explains a slow figure. */
  loadAverage: number;
}

function gitCommit(): string {
  try {
    const git = (...a: string[]) =>
      execFileSync('git', a, { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    const head = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain') ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

export function describeMachine(): Machine {
  return {
    date: new Date().toISOString(),
    nproc: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    commit: gitCommit(),
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}
