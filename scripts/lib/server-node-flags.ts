import { readFileSync } from 'node:fs';
import path from 'node:path';

/** How `npm start` runs the server (package.json's start script): `[NAME=value …] node <flags> <entry>`. */
export function parseStartCommand(script: string): { env: Record<string, string>; flags: string[]; entry: string } {
  const match = /((?:\b[A-Z_][A-Z0-9_]*=\S+\s+)*)\bnode((?:\s+--\S+)*)\s+(server\/\S+)/.exec(script);
  const env = Object.fromEntries(
    (match?.[1] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => {
        const at = assignment.indexOf('=');
        return [assignment.slice(0, at), assignment.slice(at + 1)];
      }),
  );
  return { env, flags: (match?.[2] ?? '').split(/\s+/).filter(Boolean), entry: match?.[3] ?? 'server/start.js' };
}

const START = (() => {
  const file = path.resolve(import.meta.dirname, '../../package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> };
  return parseStartCommand(pkg.scripts.start ?? '');
})();

/**
 * The Node flags `npm start` runs the server with, so the benches and the browser and scale tests run the
 * server as users do (docs/decisions/0020-lean-server-memory-and-fast-restart.md).
 */
export const SERVER_NODE_FLAGS: string[] = START.flags;

/**
 * The environment `npm start` sets for the server process: GLIBC_TUNABLES, which the C library reads only
 * when a process starts (docs/decisions/0025-release-start-up-memory.md).
 */
export const SERVER_ENV: Record<string, string> = START.env;

/**
 * The file `npm start` runs, relative to the repository: server/start.js, which turns the compile cache on
 * before server/main.ts loads (docs/decisions/0020).
 */
export const SERVER_ENTRY: string = START.entry;

/** The whole command, for reports: `GLIBC_TUNABLES=… node <flags> server/start.js`. */
export const SERVER_COMMAND: string = [
  ...Object.entries(START.env).map(([name, value]) => `${name}=${value}`),
  'node',
  ...START.flags,
  START.entry,
].join(' ');
