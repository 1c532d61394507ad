import { describe, expect, it } from 'vitest';
import { databaseName } from './command-database.ts';

describe("an operator command's name for its database", () => {
  it('gives a server by host, port and database, never its user or password', () => {
    const name = databaseName({ DATA_DIR: './data', DATABASE_URL: 'postgres://ptib:s3cr%2Ft@db.internal:5433/ptib' });
    expect(name).toBe('PostgreSQL db.internal:5433/ptib');
  });

  it('gives the embedded database by its folder, whatever DATA_DIR is relative to', () => {
    expect(databaseName({ DATA_DIR: '/srv/ptib', DATABASE_URL: undefined })).toBe(
      'the embedded database in /srv/ptib/pglite',
    );
  });
});
