import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { freshDatabase } from '../test/database.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(async () => {
  await db.close();
  await drop();
});

// A PostgreSQL server keeps its own settings; this is about the database inside the server process.
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database', () => {
  it('sizes its shared memory for one small database and one backend, as it all sits in the process memory', async () => {
    const setting = async (name: string) =>
      (await db.query<{ v: string }>(`SELECT current_setting($1) AS v`, [name])).rows[0]!.v;
    expect(await setting('shared_buffers')).toBe('2MB');
    expect(await setting('max_connections')).toBe('1');
  });
});
