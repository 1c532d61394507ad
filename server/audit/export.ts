import { SINGAPORE_UTC_OFFSET } from '#contract/singapore.ts';
import type { Queryable } from '../db/database.ts';

/**
 * An operator's `--since`/`--until` as the moment it names, null when it names none. A date is that day's start
 * in Singapore and a time without a zone Singapore's, since the portal's days are Singapore's (docs/decisions/0103):
 * read as UTC, "November" left out 1 Nov 00:00–07:59 and took in 1 Dec's. A zone given is kept.
 */
export function exportBound(value: string): Date | null {
  const parts =
    /^(\d{4}-\d{2}-\d{2})(T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
  if (!parts) return null;
  const [, day, time = 'T00:00', zone = SINGAPORE_UTC_OFFSET] = parts;
  // Date reads 30 February as 2 March, and a 13th month or a zone of +25:00 as no date at all (which
  // toISOString throws on): a day or a zone the calendar does not have is refused, not moved or thrown.
  const midnight = new Date(`${day}T00:00Z`);
  if (Number.isNaN(midnight.getTime()) || midnight.toISOString().slice(0, 10) !== day) return null;
  const bound = new Date(`${day}${time}${zone}`);
  return Number.isNaN(bound.getTime()) ? null : bound;
}

export interface AuditExportOptions {
  since?: Date;
  until?: Date;
  format: 'jsonl' | 'csv';
}

interface Row {
  id: number;
  occurred_at: Date | string;
  event: string;
  outcome: string;
  account_id: number | null;
  login_name: string | null;
  acting_profile_id: string | null;
  client_address: string | null;
  detail: unknown;
}

export const AUDIT_COLUMNS = [
  'id',
  'occurredAt',
  'event',
  'outcome',
  'accountId',
  'loginName',
  'actingProfileId',
  'clientAddress',
  'detail',
] as const;

function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Quote always; double inner quotes. A leading = + - @ is neutralised so a spreadsheet never runs it.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * Streams the audit trail, oldest first, in pages (so a large trail never sits in memory at once).
 * The table holds no secret by construction; this writes exactly its columns.
 */
export async function exportAudit(
  db: Queryable,
  options: AuditExportOptions,
  write: (chunk: string) => void,
  pageSize = 5_000,
): Promise<number> {
  let lastId = 0;
  let count = 0;
  if (options.format === 'csv') write(`${AUDIT_COLUMNS.join(',')}\n`);
  for (;;) {
    const { rows } = await db.query<Row>(
      `SELECT id, occurred_at, event, outcome, account_id, login_name, acting_profile_id, client_address, detail
         FROM audit_events
        WHERE id > $1 AND ($2::timestamptz IS NULL OR occurred_at >= $2) AND ($3::timestamptz IS NULL OR occurred_at < $3)
        ORDER BY id
        LIMIT $4`,
      [lastId, options.since ?? null, options.until ?? null, pageSize],
    );
    for (const r of rows) {
      const record = {
        id: Number(r.id),
        occurredAt: new Date(r.occurred_at).toISOString(),
        event: r.event,
        outcome: r.outcome,
        accountId: r.account_id === null ? null : Number(r.account_id),
        loginName: r.login_name,
        actingProfileId: r.acting_profile_id,
        clientAddress: r.client_address,
        detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
      };
      write(
        options.format === 'jsonl'
          ? `${JSON.stringify(record)}\n`
          : `${AUDIT_COLUMNS.map((c) => csvCell(record[c])).join(',')}\n`,
      );
      count += 1;
    }
    if (rows.length < pageSize) return count;
    lastId = Number(rows[rows.length - 1]!.id);
  }
}
