import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { clamdScanner } from '../documents/scanner.ts';

/** Debian's clamav-daemon; .ci/run installs it on a fresh machine. */
export const CLAMD_BINARY = '/usr/sbin/clamd';

const SIGNATURES = path.resolve(import.meta.dirname, '../../test/clamav/test.hdb');

/**
 * The EICAR anti-virus test file, put together at run time (test/clamav/README.md): every scanner
 * reports it, and it harms nothing.
 */
export const EICAR = Buffer.from(
  ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE', '!$H+H*'].join(''),
  'latin1',
);

export interface RunningClamd {
  socket: string;
  stop(): Promise<void>;
}

/**
 * Starts a real clamd on a Unix socket in a temporary folder, with only the shipped test signatures,
 * and resolves once it answers PING (it loads in about a second; the wait is for that condition).
 */
export async function startClamd(timeoutMs = 120_000): Promise<RunningClamd> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ptib-clamd-'));
  const dbDir = path.join(dir, 'db');
  const socket = path.join(dir, 'clamd.sock');
  const config = path.join(dir, 'clamd.conf');
  mkdirSync(dbDir);
  copyFileSync(SIGNATURES, path.join(dbDir, 'test.hdb'));
  writeFileSync(
    config,
    [
      `LocalSocket ${socket}`,
      `DatabaseDirectory ${dbDir}`,
      'Foreground yes',
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      'LogTime no',
      // The daemon would re-read its database every 10 minutes: nothing changes it during a test run.
      'SelfCheck 0',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(CLAMD_BINARY, ['--config-file', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const scanner = clamdScanner({ socket }, 2_000);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`clamd exited before it was ready: ${errors.trim()}`);
    }
    if (existsSync(socket) && (await scanner.ping())) return { socket, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`clamd did not answer PING within ${timeoutMs} ms: ${errors.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface CountingClamd {
  socket: string;
  /** How many connections it has had: every scan, and every ping, is one. */
  readonly connections: number;
  stop(): Promise<void>;
}

/**
 * A stand-in for clamd that finds every file clean and counts what reaches it, for tests that must show a
 * file was never sent to the scanner (where a real clamd, when the machine has one, could not say).
 * `beforeVerdict`, when given, runs once a file has arrived and the verdict waits for it: a test changes
 * the world while an upload is in the server's hands.
 */
export async function startCountingClamd(
  options: { beforeVerdict?: () => Promise<unknown> } = {},
): Promise<CountingClamd> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ptib-clamd-stand-in-'));
  const socket = path.join(dir, 'clamd.sock');
  let connections = 0;
  const server = createServer((connection) => {
    connections += 1;
    let received = Buffer.alloc(0);
    connection.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      if (text === 'zPING\0') connection.end('PONG\0');
      // INSTREAM ends with a chunk of length zero.
      else if (text.startsWith('zINSTREAM\0') && text.endsWith('\0\0\0\0')) {
        void (options.beforeVerdict?.() ?? Promise.resolve()).then(() => connection.end('stream: OK\0'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    socket,
    get connections() {
      return connections;
    },
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
