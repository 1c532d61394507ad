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
  it('keeps shared_buffers small, so it does not sit in the process memory', async () => {
    const { rows } = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(rows[0]!.shared_buffers).toBe('16MB');
  });
});
