import { randomBytes } from 'node:crypto';
import { REGISTER_LIMITS, foldName, type RegisterService } from '../../contract/register.ts';
import type { Queryable } from '../db/database.ts';
import { ENTRY_COLUMNS, type EntryRow } from './entries.ts';

/**
 * How many nearest distinct names the trigram index is asked for: their entries are ranked by the nearer
 * name, and a search keeps MAX_RESULTS of them, so more names would only be read to be dropped.
 */
const NEAREST_NAMES = 20;

/**
 * The ranked case numbers of a search, best first, at most MAX_RESULTS.
 * - By identification number: exact, newest filing first.
 * - By name: the names nearest the folded query by trigram similarity (pg_trgm's `%` and `<->` on a GiST
 *   index over the distinct names, docs/decisions/0043), so case, spacing, word order and a letter or two wrong do not matter;
 *   the nearer name ranks a case, ties by case number.
 * PIS searches individuals only; BIS individuals and businesses.
 */
export async function searchRegister(
  db: Queryable,
  service: RegisterService,
  by: 'id' | 'name',
  query: string,
): Promise<string[]> {
  const kinds = service === 'PIS' ? ['individual'] : ['individual', 'entity'];
  if (by === 'id') {
    const { rows } = await db.query<{ case_number: string }>(
      `SELECT case_number FROM register_entries
        WHERE id_number = $1 AND party_kind = ANY($2::text[])
        ORDER BY filed_on DESC, case_number LIMIT $3`,
      [query, kinds, REGISTER_LIMITS.MAX_RESULTS],
    );
    return rows.map((r) => r.case_number);
  }
  // Ordered by the names' distance as the index gives them, so the join stops once it has enough rows; a case
  // found by its name and an alias comes twice, and keeps its better place.
  const { rows } = await db.query<{ case_number: string }>(
    `SELECT n.case_number
       FROM (SELECT folded, folded <-> $1 AS distance FROM register_name_keys
              WHERE folded % $1 ORDER BY folded <-> $1 LIMIT $3) k
       JOIN register_names n ON n.folded = k.folded
       JOIN register_entries e ON e.case_number = n.case_number AND e.party_kind = ANY($2::text[])
      ORDER BY k.distance, n.case_number
      LIMIT $4`,
    [foldName(query), kinds, NEAREST_NAMES, REGISTER_LIMITS.MAX_RESULTS * 2],
  );
  return [...new Set(rows.map((r) => r.case_number))].slice(0, REGISTER_LIMITS.MAX_RESULTS);
}

/** The entries of these case numbers, in the order given. */
export async function entriesInOrder(db: Queryable, caseNumbers: readonly string[]): Promise<EntryRow[]> {
  if (caseNumbers.length === 0) return [];
  const { rows } = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM register_entries e WHERE e.case_number = ANY($1::text[])`,
    [caseNumbers],
  );
  const byNumber = new Map(rows.map((r) => [r.case_number, r]));
  return caseNumbers.flatMap((n) => byNumber.get(n) ?? []);
}

/** A search's reference, printed on its extracts: the day and enough randomness not to be guessed. */
export function newReference(now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `RS-${day}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/**
 * Counts one search of an account in its window (docs/decisions/0044), in one statement so that servers
 * counting together agree. Answers how long to wait in ms when the limit is passed, else 0.
 */
export async function countSearch(db: Queryable, accountId: number, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - REGISTER_LIMITS.WINDOW_MS);
  const { rows } = await db.query<{ searches: number; window_started_at: Date | string }>(
    `INSERT INTO register_search_throttle AS t (account_id, window_started_at, searches)
     VALUES ($1, $2::timestamptz, 1)
     ON CONFLICT (account_id) DO UPDATE SET
       window_started_at = CASE WHEN t.window_started_at <= $3::timestamptz THEN $2::timestamptz
                                ELSE t.window_started_at END,
       searches = CASE WHEN t.window_started_at <= $3::timestamptz THEN 1 ELSE t.searches + 1 END
     RETURNING searches, window_started_at`,
    [accountId, now, windowStart],
  );
  const row = rows[0]!;
  if (row.searches <= REGISTER_LIMITS.MAX_SEARCHES) return 0;
  return new Date(row.window_started_at).getTime() + REGISTER_LIMITS.WINDOW_MS - now.getTime();
}
