import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { buildDateText } from './scripts/lib/build-date.ts';

/** Test kinds by suffix: *.unit.test.ts (node), *.jsdom.test.tsx (components), *.api.test.ts (server + database). */
export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify('0.0.0+test'),
    __BUILD_DATE__: JSON.stringify('2026-11-21'),
    __BUILD_DATE_TEXT__: JSON.stringify(buildDateText('2026-11-21')),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{contract,server,web,scripts,bench}/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/**/*.jsdom.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'scale',
          include: ['test/scale/**/*.scale.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
