import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { freshDatabase } from './database.ts';

export const TEST_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: './.tmp/no-web-build' } as const;

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ ...TEST_ENV, ...overrides });
}

/**
 * Builds the whole app on a fresh database for this test file (no port: use app.inject), and closes
 * both after the file's tests.
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: {
    now?: () => Date;
    /** Adds test-only routes (e.g. probes behind a guard) before the app is ready. */
    extend?: (app: FastifyInstance) => void | Promise<void>;
    /** Sees each route as it is added (e.g. to call them all). */
    onRoute?: BuildOptions['onRoute'];
  } = {},
): Promise<{ app: FastifyInstance; db: Database }> {
  const { db, drop } = await freshDatabase();
  const app = await buildApp({ config: testConfig(overrides), db, now: options.now, onRoute: options.onRoute });
  await options.extend?.(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await drop();
  });
  return { app, db };
}
