/**
 * Finds a Chromium for the browser tests: CHROME_PATH, then /usr/bin/chromium. When neither exists and
 * this runs as root on Debian, installs Debian's chromium package; otherwise stops and says how to get one.
 * Never downloads a browser build of its own.
 */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/**
 * How the tests and benchmarks start Chromium here: as root it needs --no-sandbox, and on this closed
 * network its background services (updates, sync, QUIC probes) would fail and retry at every start.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return null;
}

if (import.meta.main) {
  if (process.env.CHROME_PATH && !existsSync(process.env.CHROME_PATH)) {
    console.error(`CHROME_PATH=${process.env.CHROME_PATH} does not exist.`);
    process.exit(1);
  }
  if (!findChromium()) {
    const isRoot = process.getuid?.() === 0;
    const isDebian = existsSync('/etc/debian_version');
    if (isRoot && isDebian) {
      console.log('Installing Debian chromium for the browser tests…');
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } else {
      console.error(
        'No Chromium found for the browser tests. Install one (Debian: sudo apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.',
      );
      process.exit(1);
    }
  }
}
