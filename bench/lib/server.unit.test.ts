import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

/** Running: its /proc entry is there and it is not a zombie waiting for a parent to reap it. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** What a failed test may leave behind. */
const leftovers: Array<{ pid?: number; dirs: string[] }> = [];

afterEach(() => {
  for (const { pid, dirs } of leftovers.splice(0)) {
    if (pid && running(pid)) process.kill(pid, 'SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * Runs `source` as a bench script: it starts what it measures, prints `{ pid, dataDir? }` of it as one JSON
 * line, and waits to be stopped. Then ends the bench with `signal`; answers how it ended and what it started.
 */
async function benchEndedBy(dir: string, source: string, signal: NodeJS.Signals) {
  const leftover: { pid?: number; dirs: string[] } = { dirs: [dir] };
  leftovers.push(leftover);
  const bench = path.join(dir, 'bench.ts');
  writeFileSync(bench, `${source}\nsetInterval(() => {}, 60_000);`);
  const child = spawn(process.execPath, [bench], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const started = JSON.parse(line) as { pid: number; dataDir?: string };
  leftover.pid = started.pid;
  if (started.dataDir) leftover.dirs.push(started.dataDir);
  expect(running(started.pid)).toBe(true);

  const exited = once(child, 'exit');
  child.kill(signal);
  const [code, endedBy] = (await exited) as [number | null, NodeJS.Signals | null];
  return { code, endedBy, started };
}

const here = (file: string) => JSON.stringify(path.join(import.meta.dirname, file));

describe('a bench that is interrupted or killed', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'by %s takes its server and its temporary data directory with it',
    async (signal) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'bench-exit-'));
      const web = path.join(dir, 'web');
      mkdirSync(web);
      writeFileSync(path.join(web, 'index.html'), '<!doctype html>');
      // A stand-in for the server, which startServer starts in a process group of its own.
      const server = path.join(dir, 'server.cjs');
      writeFileSync(
        server,
        `require('node:http').createServer((q, s) => s.writeHead(200).end()).listen(Number(process.env.PORT), '127.0.0.1');`,
      );
      const { code, endedBy, started } = await benchEndedBy(
        dir,
        `import { startServer } from ${here('server.ts')};
        const s = await startServer({ webDist: ${JSON.stringify(web)}, argv: [process.execPath, ${JSON.stringify(server)}] });
        console.log(JSON.stringify({ pid: s.pid, dataDir: s.dataDir }));`,
        signal,
      );
      // The bench still ends as the signal would have ended it.
      expect({ code, endedBy }).toEqual({ code: null, endedBy: signal });
      expect(await until(() => !running(started.pid), 5_000)).toBe(true);
      expect(existsSync(started.dataDir!)).toBe(false);
    },
    // A bound, not a wait: the bench migrates and seeds its database before the server starts (the server
    // runs as production, which seeds nothing), seconds on a busy machine.
    60_000,
  );

  it('by SIGTERM takes the yardstick server with it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-exit-'));
    const { endedBy, started } = await benchEndedBy(
      dir,
      `import { startBaseline } from ${here('../api.ts')};
      const b = await startBaseline();
      console.log(JSON.stringify({ pid: b.pid }));`,
      'SIGTERM',
    );
    expect(endedBy).toBe('SIGTERM');
    expect(await until(() => !running(started.pid), 5_000)).toBe(true);
  });
});
