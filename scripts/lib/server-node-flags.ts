import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `npm start`'s command for the server (package.json's start script): `node <flags> <entry>`. */
const START = (() => {
  const file = path.resolve(import.meta.dirname, '../../package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> };
  const match = /\bnode((?:\s+--\S+)*)\s+(server\/\S+)/.exec(pkg.scripts.start ?? '');
  return { flags: (match?.[1] ?? '').split(/\s+/).filter(Boolean), entry: match?.[2] ?? 'server/start.js' };
})();

/**
 * The Node flags `npm start` runs the server with, so the benches and the browser and scale tests run the
 * server as users do (docs/decisions/0020-lean-server-memory-and-fast-restart.md).
 */
export const SERVER_NODE_FLAGS: string[] = START.flags;

/**
 * The file `npm start` runs, relative to the repository: server/start.js, which turns the compile cache on
 * before server/main.ts loads (docs/decisions/0020).
 */
export const SERVER_ENTRY: string = START.entry;
