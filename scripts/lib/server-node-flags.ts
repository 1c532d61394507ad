import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Node flags `npm start` runs the server with (package.json's start script), so the benches and the
 * browser and scale tests run the server as users do (docs/decisions/0020-lean-server-memory-and-fast-restart.md).
 */
export const SERVER_NODE_FLAGS: string[] = (() => {
  const file = path.resolve(import.meta.dirname, '../../package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> };
  const flags = /\bnode((?:\s+--\S+)*)\s+server\/main\.ts/.exec(pkg.scripts.start ?? '')?.[1] ?? '';
  return flags.split(/\s+/).filter(Boolean);
})();
