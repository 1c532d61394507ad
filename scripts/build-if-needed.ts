/**
 * `npm start` builds the web app only when needed: no build yet, or a source newer than the build.
 * The usual case (nothing to build) imports nothing but Node's own modules: this runs on every start.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else latest = Math.max(latest, statSync(full).mtimeMs);
  }
  return latest;
}

// scripts/: the build's own steps are there (build.ts, prerender.ts, lib/first-load.ts).
const sources = ['web', 'contract', 'scripts'].map((d) => newest(path.join(root, d)));
const configs = ['vite.config.ts', 'package.json'].map((f) => statSync(path.join(root, f)).mtimeMs);
const needed = !existsSync(built) || Math.max(...sources, ...configs) > statSync(built).mtimeMs;

if (needed) {
  // A bad environment value stops the start with one clear line, before any build work (without a build,
  // the server itself stops with the same line).
  const { ConfigError, loadConfig } = await import('../server/config.ts');
  try {
    loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stdout.write('Building the web app…\n');
  const { buildWeb } = await import('./build.ts');
  await buildWeb();
}
