import { foldName, type PartyKind, type Proceeding } from '#contract/register.ts';
import { isUen, nricCheckLetter } from '#contract/forms/sg.ts';
import type { Queryable } from '../db/database.ts';
import type { EntryInput } from './entries.ts';

/**
 * A register that looks real, made the same way every time from its row numbers (a seeded generator, no
 * randomness): a few thousand entries for the embedded database's demo, a million for the growth bench.
 * Not one of them is a real person: identification numbers are random with valid check characters.
 */

/** The demo's known entry, for the walkthrough and the tests. */
export const DEMO_BANKRUPT: EntryInput = {
  caseNumber: 'BS 004321 2023',
  partyKind: 'individual',
  idNumber: 'S7654321F',
  name: 'ONG BENG HUAT',
  aliases: ['ALVIN ONG BENG HUAT'],
  proceeding: 'bankruptcy',
  status: 'bankrupt',
  filedOn: '2023-03-14',
  statusOn: '2023-05-02',
  administrator: 'Official Assignee',
};

export const DEMO_REGISTER_SIZE = 3000;

const SURNAMES = [
  'TAN',
  'LIM',
  'LEE',
  'NG',
  'ONG',
  'WONG',
  'GOH',
  'CHUA',
  'CHAN',
  'KOH',
  'TEO',
  'ANG',
  'YEO',
  'TAY',
  'HO',
  'LOW',
  'TOH',
  'SIM',
  'CHONG',
  'CHIA',
  'LAU',
  'PNG',
  'SEAH',
  'QUEK',
];
const SYLLABLES = [
  'AH',
  'BENG',
  'HOCK',
  'KOK',
  'MENG',
  'WEI',
  'LING',
  'HUI',
  'SIEW',
  'KIM',
  'SENG',
  'CHOON',
  'MEI',
  'PENG',
  'YONG',
  'KIAT',
  'LIANG',
  'BOON',
  'CHENG',
  'SOON',
  'TECK',
  'HWEE',
  'LAY',
  'HUAT',
  'KENG',
  'GEK',
  'JIN',
  'XIN',
];
const ENGLISH = [
  'ALVIN',
  'BENJAMIN',
  'CHARLES',
  'DAVID',
  'ELAINE',
  'FIONA',
  'GRACE',
  'HENRY',
  'IRENE',
  'JASON',
  'KELVIN',
  'LINDA',
  'MICHAEL',
  'NICHOLAS',
  'PATRICIA',
  'RACHEL',
  'STEPHEN',
  'VIVIAN',
];
const MALAY_GIVEN = [
  'MUHAMMAD',
  'AHMAD',
  'NUR',
  'SITI',
  'ABDUL',
  'HAFIZ',
  'FARIDAH',
  'ISMAIL',
  'ROSLAN',
  'ZAINAL',
  'AISYAH',
  'RAHMAN',
];
const MALAY_FATHER = ['HASSAN', 'OSMAN', 'YUSOF', 'SALLEH', 'IBRAHIM', 'AZIZ', 'JAMIL', 'KASSIM'];
const INDIAN_GIVEN = ['RAJ', 'KUMAR', 'PRIYA', 'SURESH', 'LAKSHMI', 'ARUN', 'DEVI', 'RAVI', 'VIJAY', 'MEENA'];
const INDIAN_FATHER = ['RAMASAMY', 'SUPPIAH', 'KRISHNAN', 'MUTHU', 'GOVINDASAMY', 'NAIR', 'PILLAI', 'SINGH'];
const BUSINESS_WORDS = [
  'GOLDEN',
  'EASTERN',
  'PACIFIC',
  'LION',
  'HARBOUR',
  'ORCHID',
  'SUNRISE',
  'UNITY',
  'PRIME',
  'EVERGREEN',
  'MERLION',
  'BRIGHT',
];
const BUSINESS_TRADES = [
  'TRADING',
  'ENTERPRISE',
  'CONSTRUCTION',
  'LOGISTICS',
  'FOOD SUPPLIES',
  'RENOVATION',
  'MOTOR WORKS',
  'ENGINEERING',
  'TRAVEL',
  'FURNISHING',
];
const ADMINISTRATORS = [
  'Official Assignee',
  'Official Assignee',
  'Official Assignee',
  'Chua & Partners LLP (private trustee)',
  'Yeo Trustees Pte Ltd (private trustee)',
  'Koh Insolvency Practitioners LLP',
];
const JUDICIAL_MANAGERS = [
  'Yeo Trustees Pte Ltd (judicial manager)',
  'Koh Insolvency Practitioners LLP (judicial manager)',
];
const LIQUIDATORS = ['Official Receiver', 'Chua & Partners LLP (liquidator)'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** mulberry32: a small, fast generator whose whole state is one number. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
const digits = (next: () => number, n: number) =>
  Array.from({ length: n }, () => String(Math.floor(next() * 10))).join('');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function personName(next: () => number): { name: string; aliases: string[] } {
  const roll = next();
  if (roll < 0.7) {
    const name = `${pick(next, SURNAMES)} ${pick(next, SYLLABLES)} ${pick(next, SYLLABLES)}`;
    const aliases = next() < 0.3 ? [`${pick(next, ENGLISH)} ${name}`] : [];
    return { name, aliases };
  }
  if (roll < 0.85) {
    const given = `${pick(next, MALAY_GIVEN)} ${pick(next, MALAY_GIVEN)}`;
    return { name: `${given} ${next() < 0.5 ? 'BIN' : 'BINTE'} ${pick(next, MALAY_FATHER)}`, aliases: [] };
  }
  const given = pick(next, INDIAN_GIVEN);
  return {
    name: `${given} S/O ${pick(next, INDIAN_FATHER)}`,
    aliases: next() < 0.2 ? [`${given} ${pick(next, INDIAN_FATHER)}`] : [],
  };
}

function nric(next: () => number): string {
  const prefix = pick(next, ['S', 'S', 'S', 'T', 'F', 'G']);
  const d = digits(next, 7);
  return `${prefix}${d}${nricCheckLetter(prefix, d)}`;
}

function businessUen(next: () => number): string {
  for (;;) {
    const d = digits(next, 8);
    for (const letter of LETTERS) if (isUen(`${d}${letter}`)) return `${d}${letter}`;
  }
}

const PREFIX: Record<Proceeding, string> = {
  bankruptcy: 'BS',
  debtRepaymentScheme: 'DR',
  judicialManagement: 'JM',
  windingUp: 'WU',
};

/** Entry number i of the generated register (0-based): the same i always gives the same entry. */
export function demoEntry(i: number): EntryInput {
  const next = generator(0x5eed + i * 7919);
  const year = 2010 + (i % 16);
  const number = String(100_000 + Math.floor(i / 16)).padStart(6, '0');
  const entity = next() < 0.12;
  const partyKind: PartyKind = entity ? 'entity' : 'individual';
  let proceeding: Proceeding;
  let status: string;
  let administrator: string;
  if (entity) {
    if (next() < 0.5) {
      proceeding = 'judicialManagement';
      status = next() < 0.6 ? 'underJudicialManagement' : 'discharged';
      administrator = pick(next, JUDICIAL_MANAGERS);
    } else {
      proceeding = 'windingUp';
      status = next() < 0.6 ? 'beingWoundUp' : 'dissolved';
      administrator = pick(next, LIQUIDATORS);
    }
  } else if (next() < 0.75) {
    proceeding = 'bankruptcy';
    const s = next();
    status = s < 0.6 ? 'bankrupt' : s < 0.95 ? 'discharged' : 'annulled';
    administrator = pick(next, ADMINISTRATORS);
  } else {
    proceeding = 'debtRepaymentScheme';
    const s = next();
    status = s < 0.5 ? 'inForce' : s < 0.85 ? 'completed' : 'terminated';
    administrator = 'Official Assignee';
  }
  let { name, aliases } = entity
    ? {
        name: `${pick(next, BUSINESS_WORDS)} ${pick(next, BUSINESS_WORDS)} ${pick(next, BUSINESS_TRADES)}`,
        aliases: [] as string[],
      }
    : personName(next);
  // The demo's known bankrupt is the only one of that name, so a search for it has one clear answer.
  if (name === DEMO_BANKRUPT.name) name = `${name} ${pick(next, ENGLISH)}`;
  aliases = aliases.filter((a) => foldName(a) !== foldName(DEMO_BANKRUPT.name));
  const filed = Date.UTC(year, 0, 1) + Math.floor(next() * 364) * 86_400_000;
  const statusOn = filed + Math.floor(next() * 900) * 86_400_000;
  return {
    caseNumber: `${PREFIX[proceeding]} ${number} ${year}`,
    partyKind,
    idNumber: entity ? businessUen(next) : nric(next),
    name,
    aliases,
    proceeding,
    status,
    filedOn: isoDay(filed),
    statusOn: isoDay(Math.min(statusOn, Date.UTC(2026, 5, 30))),
    administrator,
  };
}

/**
 * Inserts generated entries [from, from + count) and their names in a few large statements (arrays
 * unnested on the server): fast enough for a million rows in the bench. Not for changes: those go through
 * applyEntry, which tells followers.
 */
export async function insertDemoEntries(db: Queryable, from: number, count: number, batch = 5000): Promise<void> {
  for (let start = from; start < from + count; start += batch) {
    const entries = Array.from({ length: Math.min(batch, from + count - start) }, (_, k) => demoEntry(start + k));
    await insertEntries(db, entries);
  }
}

export async function insertEntries(db: Queryable, entries: readonly EntryInput[]): Promise<void> {
  const column = <K extends keyof EntryInput>(k: K) => entries.map((e) => e[k]);
  await db.query(
    `INSERT INTO register_entries (case_number, party_kind, id_number, name, aliases, proceeding, status, filed_on,
                                   status_on, administrator)
     SELECT c, k, i, n, CASE WHEN a = '' THEN '{}'::text[] ELSE string_to_array(a, '|') END, p, s, f::date, o::date, m
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::text[], $10::text[]) AS t(c, k, i, n, a, p, s, f, o, m)
     ON CONFLICT (case_number) DO NOTHING`,
    [
      column('caseNumber'),
      column('partyKind'),
      column('idNumber'),
      column('name'),
      entries.map((e) => e.aliases.join('|')),
      column('proceeding'),
      column('status'),
      column('filedOn'),
      column('statusOn'),
      column('administrator'),
    ],
  );
  const names = entries.flatMap((e) =>
    [...new Set([e.name, ...e.aliases].map(foldName))].map((folded) => [e.caseNumber, e.partyKind, folded] as const),
  );
  await db.query(
    `INSERT INTO register_names (case_number, party_kind, folded)
     SELECT c, k, f FROM unnest($1::text[], $2::text[], $3::text[]) AS t(c, k, f)
      WHERE NOT EXISTS (SELECT 1 FROM register_names r WHERE r.case_number = t.c AND r.folded = t.f)`,
    [names.map((n) => n[0]), names.map((n) => n[1]), names.map((n) => n[2])],
  );
  await db.query('INSERT INTO register_name_keys (folded) SELECT DISTINCT unnest($1::text[]) ON CONFLICT DO NOTHING', [
    names.map((n) => n[2]),
  ]);
}

/** The demo register, once: the known bankrupt and DEMO_REGISTER_SIZE generated entries. */
export async function seedRegisterDemo(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM register_entries) AS any');
  if (rows[0]?.any) return false;
  await insertEntries(db, [DEMO_BANKRUPT]);
  await insertDemoEntries(db, 0, DEMO_REGISTER_SIZE);
  return true;
}
