/**
 * The server in a process of its own, as `npm start` runs it (SERVER_COMMAND), on a loopback port: one way to start it and wait for it, for the benches, the
 * browser tests' global set-up, the scale tests and the start-up test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The file `npm start` runs, relative to the repository. */
export const SERVER_ENTRY = 'server/start.js';
/**
 * Node's one flag for it: the embedded database's WebAssembly stays on V8's baseline compiler, so a start
 * does not peak at three times its memory while V8 optimises it (docs/decisions/0069).
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only'];
/** The whole command, as package.json's start script runs it after its build check. */
export const SERVER_COMMAND = `node ${[...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' ')}`;

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it has written to stdout and stderr so far. */
  logs: string[];
}

export interface SpawnOptions {
  /** Its configuration (DATA_DIR or DATABASE_URL, NODE_ENV, LOG_LEVEL …), over this process's environment. */
  env: Record<string, string>;
  /** Default: a free one. */
  port?: number;
  /** A command to run instead of SERVER_COMMAND, e.g. `npm start`. */
  argv?: string[];
  /** Its own process group, so that killing the group also ends what `npm start` spawned. */
  detached?: boolean;
  /** Each chunk of its output, as it comes (the logs keep it too). */
  onOutput?: (chunk: Buffer) => void;
}

/** Starts the server; it is not listening yet (waitHealthy). */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const [command, ...args] = options.argv ?? [process.execPath, ...SERVER_NODE_FLAGS, path.join(ROOT, SERVER_ENTRY)];
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  const logs: string[] = [];
  const capture = (chunk: Buffer) => {
    logs.push(chunk.toString());
    options.onOutput?.(chunk);
  };
  child.stdout!.on('data', capture);
  child.stderr!.on('data', capture);
  return { port, url: `http://127.0.0.1:${port}`, child, logs };
}

/** Whether the process has ended, by an exit or by a signal (then exitCode stays null). */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Stops the server with `signal` and waits until it has ended; nothing to do if it already has. */
export async function stopServer(
  server: Pick<ServerProcess, 'child'>,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (hasExited(server.child)) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill(signal);
  await exited;
}

/** Waits for /healthz to answer 200; fails at once if the process exits, with what it wrote. */
export async function waitHealthy(
  url: string,
  { child, logs = [], timeoutMs = 60_000 }: { child?: ChildProcess; logs?: string[]; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child && hasExited(child)) {
      // Its last words may still be in the pipes: Node may report the exit before the pipes close.
      const open = [child.stdout, child.stderr].filter((stream) => stream && !stream.closed);
      await Promise.all(open.map((stream) => new Promise((r) => stream!.once('close', r))));
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${logs.join('')}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (performance.now() > deadline) throw new Error(`${url} not healthy in ${timeoutMs} ms:\n${logs.join('')}`);
    // Short: the start-up bench measures spawn to healthy with this loop.
    await new Promise((r) => setTimeout(r, 20));
  }
}
