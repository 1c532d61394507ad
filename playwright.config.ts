import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/ensure-chromium.ts';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real built
 * server, started by e2e/global-setup.ts on a free port with a temporary data directory.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // One worker: tests sign in with the shared demo accounts, and the single-session rule (a new sign-in
  // ends the older session of that login) would let parallel files cut each other off.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: [...CHROMIUM_ARGS],
    },
  },
});
