import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open.ts';

/**
 * Migrates a database and seeds the demo accounts into it from this process, for a bench or a soak test
 * that then runs the server as production: production itself never seeds them, since their password is
 * published (docs/decisions/0031). Idempotent.
 */
export async function seedDemoBeforeStart(target: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '1',
    DATA_DIR: target.dataDir ?? './data',
    DATABASE_URL: target.databaseUrl ?? '',
  });
  const { db } = await openDatabase(config, { seed: true });
  await db.close();
}
