import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { freshDatabase } from '../test/database.ts';
import { exportAudit, exportBound } from './export.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  await db.query('DELETE FROM audit_events');
  await db.query(
    `INSERT INTO audit_events (occurred_at, event, outcome, account_id, login_name, acting_profile_id, client_address, detail) VALUES
     ('2026-11-01T01:00:00Z', 'sign_in', 'success', 1, 'ptib.demo', 'PTIB00000001', '127.0.0.1', '{"model":"Chrome"}'),
     ('2026-11-02T01:00:00Z', 'sign_in', 'failure', NULL, '=cmd()', NULL, '10.0.0.1', '{}'),
     ('2026-11-03T01:00:00Z', 'proxy_switch', 'success', 2, 'ptib.master', 'PTIB00000011', '127.0.0.1', '{"from":"PTIB00000002"}')`,
  );
});
afterAll(async () => {
  await db.close();
  await drop();
});

async function run(options: Parameters<typeof exportAudit>[1], pageSize?: number): Promise<string> {
  let out = '';
  await exportAudit(db, options, (c) => (out += c), pageSize);
  return out;
}

describe('audit export', () => {
  it('writes every event as JSON lines, oldest first, across pages', async () => {
    const lines = (await run({ format: 'jsonl' }, 2))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.event)).toEqual(['sign_in', 'sign_in', 'proxy_switch']);
    expect(lines[2]).toMatchObject({
      loginName: 'ptib.master',
      actingProfileId: 'PTIB00000011',
      detail: { from: 'PTIB00000002' },
    });
  });

  it('filters by time', async () => {
    const lines = (
      await run({ format: 'jsonl', since: new Date('2026-11-02T00:00:00Z'), until: new Date('2026-11-03T00:00:00Z') })
    )
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).outcome).toBe('failure');
  });

  it("takes a month by Singapore's days, the hours before 08:00 at either end included", async () => {
    const edges = ['2026-10-31T15:59:59Z', '2026-10-31T16:00:00Z', '2026-10-31T23:59:00Z', '2026-11-30T16:00:00Z'];
    await db.query(
      `INSERT INTO audit_events (occurred_at, event, outcome) SELECT at, 'sign_in', 'success' FROM unnest($1::timestamptz[]) AS at`,
      [edges],
    );
    try {
      const since = exportBound('2026-11-01')!;
      const until = exportBound('2026-12-01')!;
      const lines = (await run({ format: 'jsonl', since, until })).trim().split('\n');
      expect(lines.map((l) => JSON.parse(l).occurredAt)).toEqual([
        '2026-11-01T01:00:00.000Z',
        '2026-11-02T01:00:00.000Z',
        '2026-11-03T01:00:00.000Z',
        // 1 Nov 2026, 00:00 and 07:59 in Singapore; not 31 Oct's last second, nor 1 Dec's first.
        '2026-10-31T16:00:00.000Z',
        '2026-10-31T23:59:00.000Z',
      ]);
    } finally {
      await db.query('DELETE FROM audit_events WHERE occurred_at = ANY($1::timestamptz[])', [edges]);
    }
  });

  it('writes CSV that a spreadsheet cannot turn into a formula', async () => {
    const csv = await run({ format: 'csv' });
    const [header, , second] = csv.trim().split('\n');
    expect(header).toBe('id,occurredAt,event,outcome,accountId,loginName,actingProfileId,clientAddress,detail');
    expect(second).toContain(`"'=cmd()"`);
  });
});
