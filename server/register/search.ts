import { todayInSingapore } from '#contract/forms/validate.ts';
import { randomBytes } from 'node:crypto';
import { REGISTER_LIMITS, foldName, type RegisterService } from '#contract/register.ts';
import type { Queryable, QueryOptions } from '../db/database.ts';
import { ENTRY_COLUMNS, type EntryRow } from './entries.ts';

/**
 * How many nearest distinct names a search ranks: their entries are ranked by the nearer name, and a search
 * keeps MAX_RESULTS of them, so more names would only be read to be dropped.
 */
const NEAREST_NAMES = 20;

/** The least trigram similarity of a name found: pg_trgm's own default for `%`, which the last step uses. */
const MIN_SIMILARITY = 0.3;

/** How many register words one typed word may stand for, by each of NEAR_WORDS' two means. */
const NEAR_WORDS_EACH = 3;

/**
 * How many register words an initial may stand for (docs/decisions/0055, amended): every word starting with
 * it, the shortest first, up to this many; past it the search says the closest only are shown. A register of
 * Singapore names holds a few dozen words to a letter (the demo's most, S, 14).
 */
const INITIAL_WORDS = 50;

/**
 * Each typed word, in the order typed, with the register words it may stand for (docs/decisions/0055): the
 * nearest by trigrams (similarity at least MIN_SIMILARITY, pg_trgm's `%`: `bengg` is BENG, `huat` also HUA),
 * and the nearest of those holding its letters in order, the first letter first (a letter dropped: `bng` is
 * BENG, `lm` is LIM). An initial holds one letter: every word starting with it, up to one more than
 * INITIAL_WORDS (so that a cut shows), through the same trigram index. Folded names hold only letters,
 * digits and spaces, so the pattern needs no escape.
 */
const NEAR_WORDS = `
  SELECT ARRAY(SELECT word FROM register_name_words WHERE word % q.w ORDER BY word <-> q.w, word LIMIT $2) AS similar,
         ARRAY(SELECT word FROM register_name_words WHERE word LIKE regexp_replace(q.w, '(.)', '\\1%', 'g')
                ORDER BY word <-> q.w, word LIMIT CASE WHEN length(q.w) = 1 THEN $3 ELSE $2 END) AS lettered,
         length(q.w) = 1 AS initial
    FROM unnest(string_to_array($1, ' ')) WITH ORDINALITY AS q(w, i) ORDER BY q.i`;

interface NearWords {
  similar: string[];
  lettered: string[];
  initial?: boolean;
}

/** Whether an initial stands for more register words than INITIAL_WORDS, so that its slot leaves some out. */
export const initialCut = (rows: readonly NearWords[]): boolean => rows.some((r) => r.lettered.length > INITIAL_WORDS);

/**
 * The tokens (migration 162) that stand for each typed word: its near words, the nearest first. A typed word
 * whose nearest word an earlier one already took stands for that word's next occurrence (`hwee hweee toh`:
 * HWEE, then HWEE*2), so a repeated word is held to a name holding it twice; an initial takes no word, as it
 * names none (`ho s h` is HO SENG HWEE). A word near no register word stands for nothing, and the other words
 * search without it.
 */
export function wordSlots(rows: readonly NearWords[]): string[][] {
  const taken = new Map<string, number>();
  const slots: string[][] = [];
  for (const { similar, lettered, initial } of rows) {
    const near = [...new Set([...similar, ...lettered.slice(0, INITIAL_WORDS)])];
    if (near.length === 0) continue;
    if (initial) {
      slots.push(near);
      continue;
    }
    const nearest = near[0]!;
    const times = (taken.get(nearest) ?? 0) + 1;
    taken.set(nearest, times);
    slots.push(times === 1 ? near : [`${nearest}*${times}`, ...near.slice(1)]);
  }
  return slots;
}

/**
 * Candidates ranked by the trigram distance of the whole name. Materialized, so that each candidate's
 * distance is computed once.
 */
const nearest = (candidates: string) => `
  c AS MATERIALIZED (SELECT folded, folded <-> $1 AS distance FROM (${candidates}) f)
  SELECT folded, distance FROM c WHERE distance <= 1 - $3::float8 ORDER BY distance, folded LIMIT $2`;

/**
 * The names holding a token of every slot (wordSlots), through the GIN index on the names' tokens: the
 * bitmaps of a few words ANDed, a few dozen names for a common name, however large the register. Its
 * parameters: nameStepParams, then one text[] per slot.
 */
export const namesHoldingEveryWord = (slots: number) =>
  `WITH ${nearest(
    `SELECT folded FROM register_name_keys WHERE ${Array.from(
      { length: slots },
      (_, i) => `register_name_tokens(folded) && $${i + 4}::text[]`,
    ).join(' AND ')}`,
  )}`;

/**
 * When no name holds every typed word: each word of the query (two letters or more) and the register's
 * nearest word to it by trigrams (docs/decisions/0043).
 */
const QUERY_WORDS = `
  m AS (SELECT v.word, q.w AS typed
          FROM (SELECT DISTINCT w FROM unnest(string_to_array($1, ' ')) AS w WHERE length(w) > 1) q
          CROSS JOIN LATERAL (SELECT word FROM register_name_words WHERE word % q.w ORDER BY word <-> q.w LIMIT 1) v)`;

/** The names holding two of the query's words: a few hundred names for a common name. */
const NAMES_BY_WORD_PAIRS = `WITH ${QUERY_WORDS},
  pairs AS (SELECT DISTINCT ARRAY[a.word, b.word] AS pair FROM m a JOIN m b ON a.typed < b.typed AND a.word <> b.word),
  ${nearest(`SELECT DISTINCT k.folded FROM pairs p
               CROSS JOIN LATERAL (SELECT folded FROM register_name_keys WHERE register_name_tokens(folded) @> p.pair) k`)}`;

/** The names holding any one of the query's words: more, for a rare name or a one-word query. */
const NAMES_BY_ANY_WORD = `WITH ${QUERY_WORDS},
  ${nearest('SELECT folded FROM register_name_keys WHERE register_name_tokens(folded) && (SELECT array_agg(word) FROM m)')}`;

/** The nearest of every distinct name through the GiST trigram index, when no word of the query is known. */
const NAMES_BY_TRIGRAMS = `
  SELECT folded, folded <-> $1 AS distance FROM register_name_keys
   WHERE folded % $1 AND folded <-> $1 <= 1 - $3::float8 ORDER BY folded <-> $1 LIMIT $2`;

/**
 * The name search's steps after every word (namesHoldingEveryWord), in the order tried (docs/decisions/0043);
 * exported for the bench's plan check.
 */
export const NAME_STEPS = [NAMES_BY_WORD_PAIRS, NAMES_BY_ANY_WORD, NAMES_BY_TRIGRAMS] as const;

/** The parameters of each of NAME_STEPS. */
export const nameStepParams = (query: string) => [foldName(query), NEAREST_NAMES, MIN_SIMILARITY];

/**
 * How many names hold a word differs by thousands between a rare word and a common surname, and how many
 * entries an identification number has between none and many: the best plan differs with them, so the
 * register's searches are planned for what each one searches for (docs/decisions/0057).
 */
const PLAN_FOR_THE_WORDS: QueryOptions = { planEachCall: true };

/**
 * The slots of a query's words (wordSlots), for namesHoldingEveryWord, and whether an initial's slot was cut
 * (initialCut).
 */
export async function querySlots(db: Queryable, query: string): Promise<{ slots: string[][]; cut: boolean }> {
  const { rows } = await db.query<NearWords>(
    NEAR_WORDS,
    [foldName(query), NEAR_WORDS_EACH, INITIAL_WORDS + 1],
    PLAN_FOR_THE_WORDS,
  );
  return { slots: wordSlots(rows), cut: initialCut(rows) };
}

type NearName = { folded: string; distance: number };

/**
 * The nearest names to a query, nearest first (docs/decisions/0055), and whether the register may hold
 * nearer ones than they are (an initial's words were cut). The names holding every typed word (each as one
 * of its near words) answer when there are any: the name searched for, spelt a little differently, in any
 * order. Else, as before, the names holding two of the words when they are NEAREST_NAMES or more (a common
 * name); else any word widens the candidates (a rare name: its words are rare too); the whole-register
 * trigram index is asked only when no word of the query is near a word of the register.
 */
export async function nearestNames(db: Queryable, query: string): Promise<{ names: NearName[]; cut: boolean }> {
  const { slots, cut } = await querySlots(db, query);
  if (slots.length > 0) {
    // A name holding every typed word matches however little of it was typed (`o b h` is ONG BENG HUAT):
    // the whole name's similarity only ranks it (docs/decisions/0055, amended).
    const [folded, limit] = nameStepParams(query);
    const { rows } = await db.query<NearName>(
      namesHoldingEveryWord(slots.length),
      [folded, limit, 0, ...slots],
      PLAN_FOR_THE_WORDS,
    );
    if (rows.length > 0) return { names: rows, cut };
  }
  let found: NearName[] = [];
  for (const step of NAME_STEPS) {
    const { rows } = await db.query<NearName>(step, nameStepParams(query), PLAN_FOR_THE_WORDS);
    if (rows.length > 0) found = rows;
    if (found.length >= NEAREST_NAMES || (found.length > 0 && step !== NAMES_BY_WORD_PAIRS)) break;
  }
  return { names: found, cut };
}

/**
 * The entries of the nearest names, ranked by the nearer name then case number. The names come sorted by
 * distance, so the join stops once it has enough rows; a case found by its name and an alias comes twice,
 * and keeps its better place.
 */
export const ENTRIES_OF_NAMES = `
  SELECT n.case_number
    FROM (SELECT folded, distance FROM unnest($1::text[], $2::float8[]) AS u(folded, distance)
           ORDER BY distance LIMIT $5) k
    JOIN register_names n ON n.folded = k.folded AND n.party_kind = ANY($3::text[])
   ORDER BY k.distance, n.case_number
   LIMIT $4`;

export const entriesOfNamesParams = (
  names: ReadonlyArray<{ folded: string; distance: number }>,
  kinds: readonly string[],
) => [
  names.map((n) => n.folded),
  names.map((n) => Number(n.distance)),
  kinds,
  REGISTER_LIMITS.MAX_RESULTS * 2,
  NEAREST_NAMES,
];

/**
 * The ranked case numbers of a search, best first, at most MAX_RESULTS.
 * - By identification number: exact, newest filing first.
 * - By name: the entries of the nearest names by trigram similarity (pg_trgm, nearestNames), so case,
 *   spacing, word order and a letter or two wrong do not matter; the nearer name ranks a case, ties by case
 *   number (ENTRIES_OF_NAMES).
 * PIS searches individuals only; BIS individuals and businesses.
 */
export async function searchRegister(
  db: Queryable,
  service: RegisterService,
  by: 'id' | 'name',
  query: string,
): Promise<string[]> {
  return (await searchRegisterRanked(db, service, by, query)).caseNumbers;
}

/**
 * searchRegister's case numbers, and whether the register may hold more matches than they are: the search
 * kept NEAREST_NAMES names, or MAX_RESULTS entries, and stopped there, or an initial stood for only some of
 * its words (the screen then says the closest are shown).
 */
export async function searchRegisterRanked(
  db: Queryable,
  service: RegisterService,
  by: 'id' | 'name',
  query: string,
): Promise<{ caseNumbers: string[]; closestOnly: boolean }> {
  const kinds = service === 'PIS' ? ['individual'] : ['individual', 'entity'];
  if (by === 'id') {
    const { rows } = await db.query<{ case_number: string }>(
      `SELECT case_number FROM register_entries
        WHERE id_number = $1 AND party_kind = ANY($2::text[])
        ORDER BY filed_on DESC, case_number LIMIT $3`,
      [query, kinds, REGISTER_LIMITS.MAX_RESULTS],
      PLAN_FOR_THE_WORDS,
    );
    const caseNumbers = rows.map((r) => r.case_number);
    return { caseNumbers, closestOnly: caseNumbers.length >= REGISTER_LIMITS.MAX_RESULTS };
  }
  const { names, cut } = await nearestNames(db, query);
  if (names.length === 0) return { caseNumbers: [], closestOnly: cut };
  const { rows } = await db.query<{ case_number: string }>(
    ENTRIES_OF_NAMES,
    entriesOfNamesParams(names, kinds),
    PLAN_FOR_THE_WORDS,
  );
  const caseNumbers = [...new Set(rows.map((r) => r.case_number))].slice(0, REGISTER_LIMITS.MAX_RESULTS);
  return {
    caseNumbers,
    closestOnly: cut || names.length >= NEAREST_NAMES || caseNumbers.length >= REGISTER_LIMITS.MAX_RESULTS,
  };
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
  // The day in Singapore, as the searcher reads it beside the search time.
  const day = todayInSingapore(now).replace(/-/g, '');
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
