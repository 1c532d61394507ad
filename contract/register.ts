import { z } from 'zod';
import { normalizeCaseNumber } from './casenumber.ts';
import { isNricFin, isUen } from './forms/sg.ts';
import { inPlainCharacters } from './validation.ts';

/**
 * The insolvency register (docs/decisions/0043) and the watchlist that follows it (docs/decisions/0044):
 * paths, limits, codes and the words users read, shared by the web app, the server and the import command.
 */
export const REGISTER_PATHS = {
  /** POST: run a search (purpose required); answers its first page and its reference. */
  search: '/api/register/search',
  /** GET ?page=: another page of a search already run (not a new search: not counted, not audited again). */
  searchPage: '/api/register/search/:reference',
  /** GET ?ref=&case=: one entry a recorded search found. */
  entry: '/api/register/entry',
  /** GET ?ref=&case=: the extract of that entry (application/pdf). */
  extract: '/api/register/extract.pdf',
  /** GET: the cases the acting profile follows. POST { caseNumber }: follow one. */
  watchlist: '/api/register/watchlist',
  /** POST { caseNumber }: stop following. */
  unfollow: '/api/register/watchlist/remove',
  /** POST: an officer's correction of an entry (server/routes/register-office.ts, behind the officer guard). */
  officeCorrection: '/api/office/register/corrections',
} as const;

/** The e-services that search the register, and what each may search for. */
export const REGISTER_SERVICES = ['PIS', 'BIS'] as const;
export type RegisterService = (typeof REGISTER_SERVICES)[number];
export const WATCHLIST_SERVICE = 'ICAWL';
/** What each service searches by besides the name: BIS finds businesses too. */
export const REGISTER_ID_LABELS: Record<RegisterService, string> = { PIS: 'NRIC or FIN', BIS: 'NRIC, FIN or UEN' };
/**
 * The e-services used on screens of their own, not the generic form (docs/decisions/0043): the catalogue
 * sends their links there, and the record calls make no generic record of them.
 */
export const OWN_SCREEN_CODES: readonly string[] = [...REGISTER_SERVICES, WATCHLIST_SERVICE];
/** The screens' headings (the catalogue's titles of the three e-services). */
export const REGISTER_SCREEN_TITLES: Record<RegisterService | typeof WATCHLIST_SERVICE, string> = {
  PIS: 'Personal Insolvency Search',
  BIS: 'Bankruptcy Information Search',
  ICAWL: 'Insolvency Case Watchlist',
};

export const REGISTER_LIMITS = {
  PAGE_SIZE: 10,
  /** A search keeps its best matches only: enough to find someone, too few to copy the register. */
  MAX_RESULTS: 100,
  /** Searches per account in one window, and the window (docs/decisions/0044). */
  MAX_SEARCHES: 30,
  WINDOW_MS: 10 * 60_000,
  /**
   * How long a search answers its pages, entries and extracts (docs/decisions/0112): a working day and the
   * next morning's printing; later, a new search (counted and audited) shows the register again.
   */
  SEARCH_LIFETIME_HOURS: 24,
  QUERY_MAX: 100,
  PURPOSE_TEXT_MAX: 500,
} as const;

export const SEARCH_PURPOSES = {
  credit: 'Credit assessment',
  employment: 'Employment screening',
  legal: 'Legal proceedings',
  other: 'Another purpose',
} as const;
export type SearchPurpose = keyof typeof SEARCH_PURPOSES;

export const PARTY_KINDS = { individual: 'Individual', entity: 'Business (sole proprietorship or company)' } as const;
export type PartyKind = keyof typeof PARTY_KINDS;

/** Proceedings, each with the statuses it can be in (codes as the court's files and the import use them). */
export const PROCEEDINGS = {
  bankruptcy: {
    label: 'Bankruptcy',
    statuses: { bankrupt: 'Bankrupt', discharged: 'Discharged', annulled: 'Annulled' },
  },
  debtRepaymentScheme: {
    label: 'Debt repayment scheme',
    statuses: { inForce: 'In force', completed: 'Completed', terminated: 'Terminated' },
  },
  judicialManagement: {
    label: 'Judicial management',
    statuses: { underJudicialManagement: 'Under judicial management', discharged: 'Discharged' },
  },
  windingUp: {
    label: 'Winding up',
    statuses: { beingWoundUp: 'Being wound up', dissolved: 'Dissolved' },
  },
} as const;
export type Proceeding = keyof typeof PROCEEDINGS;

export const isProceeding = (value: string): value is Proceeding => Object.hasOwn(PROCEEDINGS, value);
export const statusLabel = (proceeding: string, status: string): string =>
  isProceeding(proceeding) ? ((PROCEEDINGS[proceeding].statuses as Record<string, string>)[status] ?? status) : status;
export const proceedingLabel = (proceeding: string): string =>
  isProceeding(proceeding) ? PROCEEDINGS[proceeding].label : proceeding;

/** Register case numbers: two letters, six digits, the year ("BS 001234 2024"). */
export const REGISTER_CASE_NUMBER = /^[A-Z]{2} \d{6} \d{4}$/;
/**
 * A typed case number in its one form, "BS 004321 2023", read as the e-services' case numbers are
 * (normalizeCaseNumber); anything else comes back upper-cased, for REGISTER_CASE_NUMBER to refuse.
 */
export function normalizeRegisterCaseNumber(value: string): string {
  return normalizeCaseNumber(value) ?? value.trim().toUpperCase();
}

/**
 * A name as the register compares names: upper case, letters and digits only, one space between words.
 * The same folding on both sides makes case, punctuation and spacing irrelevant; trigrams do the rest.
 */
export function foldName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/**
 * Words of address people put before a name, as a letter or a cheque writes it ("Mr Ong Beng Huat", "Encik
 * Ahmad", "Hj Osman"), folded (foldName). They are no part of the name the register holds, and as register
 * words they matched others (MR was MOTOR and MERLION), so a name search drops them (docs/decisions/0112).
 */
export const NAME_HONORIFICS: ReadonlySet<string> = new Set([
  'MR',
  'MRS',
  'MS',
  'MISS',
  'MDM',
  'MADAM',
  'DR',
  'PROF',
  'ENCIK',
  'CIK',
  'PUAN',
  'HAJI',
  'HAJJAH',
  'HJ',
  'HJH',
  'DATO',
  'DATUK',
]);

/** A name to search for without the honorifics before it (NAME_HONORIFICS), unless it is nothing else. */
export function withoutHonorifics(query: string): string {
  const words = query.trim().split(/\s+/);
  let first = 0;
  while (first < words.length - 1 && NAME_HONORIFICS.has(foldName(words[first]!))) first++;
  return words.slice(first).join(' ');
}

/**
 * What is wrong with a name to search for, or null: fewer than 3 letters the register can match (foldName,
 * so accented letters count: Lê Lý has four) once honorifics are dropped (withoutHonorifics), said
 * differently when the name was typed in another script.
 */
export function nameQueryProblem(typed: string): string | null {
  const query = withoutHonorifics(typed);
  if (foldName(query).replace(/ /g, '').length >= 3) return null;
  const letters = query.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 3 ? REGISTER_MESSAGES.nameNotInEnglishLetters : REGISTER_MESSAGES.nameTooShort;
}

/** An identification number as typed (in full-width characters or pasted, too: inPlainCharacters): upper case, no spaces. */
export const normalizeIdNumber = (value: string): string => inPlainCharacters(value).replace(/\s+/g, '').toUpperCase();

/** Whether an identification number may be searched in this service: NRIC/FIN always, UEN in BIS only. */
export function isSearchableId(service: RegisterService, idNumber: string): boolean {
  return isNricFin(idNumber) || (service === 'BIS' && isUen(idNumber));
}

/**
 * How a followed case came to change, as its followers read it (the watchedCaseChanged message): the court's
 * file was imported, or an officer corrected the entry. The code is what the server keeps; never shown.
 */
export const REGISTER_CHANGE_TEXTS = {
  import: 'The court has updated the case.',
  correction: 'The entry has been corrected.',
} as const;
export type RegisterChange = keyof typeof REGISTER_CHANGE_TEXTS;

export const REGISTER_MESSAGES = {
  /** A search sent with the key of another search of this account (the screen never sends one). */
  attemptKeyOfAnother: 'This search was sent with the key of another search, so it was not made. Search again.',
  purposeRequired: 'Select the purpose of your search.',
  otherPurposeRequired: 'Describe the purpose of your search.',
  queryRequired: 'Enter what to search for.',
  nameTooShort: 'Enter at least 3 letters of the name.',
  /** A name in another script (王小明): the register holds names in English letters, as on the NRIC. */
  nameNotInEnglishLetters: 'Enter the name in English letters, as it is written on the NRIC or passport.',
  badIdPis: 'Enter a valid NRIC or FIN, for example S1234567D.',
  badIdBis: 'Enter a valid NRIC, FIN or UEN, for example S1234567D or 53312345C.',
  throttled: (minutes: number) =>
    `You have made too many searches in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and search again.`,
  /** A reference no search of this account has (another account's reads as unknown). */
  searchNotFound: 'There is no search of yours with this reference. Please search again.',
  searchExpired: `This search was made more than ${REGISTER_LIMITS.SEARCH_LIFETIME_HOURS} hours ago, so it no longer shows the register. Please search again.`,
  /** A master user's search made while acting for another profile, asked for while acting for this one. */
  searchOfAnotherProfile:
    'This search was made while acting for another profile. Act for that profile to see it, or search again.',
  entryNotFound: 'This entry is not among the results of your search. Please search again.',
  caseNotFound: 'There is no case with this number in the insolvency register.',
  badCaseNumber: 'Enter a case number like BS 001234 2024.',
  followed: 'You are now following this case.',
  alreadyFollowed: 'You already follow this case.',
  unfollowed: 'You no longer follow this case.',
  notFollowed: 'You do not follow this case.',
  /**
   * A nil answer is what a credit check records: it says what was searched, so the screen (or a copy of it)
   * shows what the reference stands for, and what to try before taking it as no.
   */
  noResults: (service: RegisterService, by: 'name' | 'id', query: string) =>
    by === 'name'
      ? `No entries in the insolvency register match the name “${query}”. Check the spelling, or search by ${REGISTER_ID_LABELS[service]}.`
      : `No entries in the insolvency register match the ${REGISTER_ID_LABELS[service]} “${query}”. Check the number, or search by name.`,
  watchlistFailed: 'Your watchlist could not be loaded just now. Please try again later.',
  followFailed: 'The case could not be followed just now. Please try again later.',
  unfollowFailed: 'The case could not be taken off your watchlist just now. Please try again later.',
  extractFailed: 'The extract could not be downloaded just now. Please try again later.',
  correctionNothing: 'Give at least one field to correct.',
  correctionReason: 'Give the reason for the correction.',
} as const;

// ---- Wire shapes -------------------------------------------------------------------------------------

export const searchRequestSchema = z.object({
  service: z.enum(REGISTER_SERVICES),
  by: z.enum(['id', 'name']),
  query: z.string().max(REGISTER_LIMITS.QUERY_MAX),
  purpose: z.string().max(20),
  otherPurpose: z.string().max(REGISTER_LIMITS.PURPOSE_TEXT_MAX).optional(),
  /**
   * The key of this attempt, the same when it is sent again after its answer was lost: the server answers
   * with the search it recorded rather than recording, auditing and counting it again.
   */
  attemptKey: z.uuid().optional(),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const registerResultSchema = z.object({
  caseNumber: z.string(),
  partyKind: z.enum(['individual', 'entity']),
  idNumber: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  proceeding: z.string(),
  proceedingLabel: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  filedOn: z.string(),
  statusOn: z.string(),
  administrator: z.string(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

export const searchAnswerSchema = z.object({
  reference: z.string(),
  searchedAt: z.string(),
  service: z.enum(REGISTER_SERVICES),
  by: z.enum(['id', 'name']),
  query: z.string(),
  total: z.number().int(),
  /** The register may hold more matches than total: the search kept the closest (a common name, say). */
  closestOnly: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  results: z.array(registerResultSchema),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const entryAnswerSchema = z.object({
  reference: z.string(),
  searchedAt: z.string(),
  service: z.enum(REGISTER_SERVICES),
  entry: registerResultSchema,
  following: z.boolean(),
});
export type EntryAnswer = z.infer<typeof entryAnswerSchema>;

export const watchedCaseSchema = registerResultSchema.extend({
  followedAt: z.string(),
  /** The case changed (import or officer correction) since this list was last shown to its follower. */
  changed: z.boolean(),
  updatedAt: z.string(),
});
export type WatchedCase = z.infer<typeof watchedCaseSchema>;
export const watchlistAnswerSchema = z.object({ cases: z.array(watchedCaseSchema) });
export type WatchlistAnswer = z.infer<typeof watchlistAnswerSchema>;

export const caseNumberBodySchema = z.object({ caseNumber: z.string().max(40) });
/**
 * Follow a case: from an entry a recorded search found (its reference given), or by a number typed on the
 * watchlist, which looks the register up and so counts as a search (REGISTER_LIMITS).
 */
export const followSchema = caseNumberBodySchema.extend({ ref: z.string().max(40).optional() });

/** An officer's correction: the fields to change, and why. */
export const correctionSchema = z.object({
  caseNumber: z.string().max(40),
  reason: z.string().max(500),
  changes: z
    .object({
      name: z.string().max(200),
      aliases: z.array(z.string().max(200)).max(20),
      proceeding: z.string().max(40),
      status: z.string().max(40),
      statusOn: z.string().max(10),
      administrator: z.string().max(200),
    })
    .partial()
    .strict(),
});
export type Correction = z.infer<typeof correctionSchema>;
