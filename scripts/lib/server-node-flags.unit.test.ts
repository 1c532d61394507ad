import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStartCommand, SERVER_COMMAND, SERVER_ENTRY, SERVER_ENV } from './server-node-flags.ts';

describe('how npm start runs the server', () => {
  it('reads the environment, the Node flags and the entry from a start command', () => {
    expect(
      parseStartCommand(
        'node scripts/build-if-needed.ts && A_B=1:2=3 C=x node --max-semi-space-size=8 --x server/start.js',
      ),
    ).toEqual({ env: { A_B: '1:2=3', C: 'x' }, flags: ['--max-semi-space-size=8', '--x'], entry: 'server/start.js' });
    expect(parseStartCommand('node server/main.ts')).toEqual({ env: {}, flags: [], entry: 'server/main.ts' });
  });

  it('is what package.json says, so the benches and the tests start the server as users do', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(pkg.scripts.start.endsWith(` && ${SERVER_COMMAND}`)).toBe(true);
    expect(SERVER_ENV.GLIBC_TUNABLES).toMatch(/^glibc\.malloc\.trim_threshold=\d+$/);
    expect(SERVER_ENTRY).toBe('server/start.js');
  });
});
