import { STORAGE_KEY_PREFIX } from '#contract/index.ts';
import { UNSAVED_INPUT_MAX_AGE_MS } from '#contract/cases.ts';
import type { FormValues } from '#contract/forms/index.ts';

/**
 * What the user typed and has not saved, kept in localStorage per user, acting profile, e-service and record
 * (docs/decisions/0010), so an expired session, a closed tab or a dropped network loses nothing, and two tabs
 * on two records never write over each other's. Unlike the session's keys it survives logout (that is its
 * point); it is cleared on a successful save or when the user discards it.
 */
export interface UnsavedInput {
  appCode: string;
  /** The e-service's title, for the list of unsaved input on the e-services screen. */
  title: string;
  /** The record the input belongs to, or null for one not saved yet. */
  caseId: string | null;
  caseNumber: string | null;
  values: FormValues;
  /**
   * The record's answers as the page had opened them, which `values` changes: restored over a later version
   * (another person or tab saved meanwhile), only the answers changed from these go back, not the older rest.
   */
  base?: Record<string, unknown> | null;
  /** The question page the user was on (docs/decisions/0036-multi-page-forms.md), when known. */
  page?: string | null;
  /**
   * With no record yet: the key its first save carries (docs/decisions/0036), so a save whose answer was lost,
   * sent again after a reload, still makes one record.
   */
  createKey?: string | null;
  /** Epoch ms of the last change. */
  savedAt: number;
  /** The name of the profile acted for when it was typed: said when another profile is acted for. */
  profileName?: string | null;
  /**
   * Files chosen once the session had ended, never sent: each named on its question (`path`) when the input
   * is restored after signing in again, to be chosen again.
   */
  notUploaded?: Array<{ path: string; fileName: string }>;
  /**
   * The tab (page load) that wrote it last: a save or submit there forgets it, one in another tab showing the
   * same record does not, as it would take this tab's typing with it.
   */
  tab?: string | null;
}

export interface Owner {
  loginName: string;
  profileId: string;
}

const PREFIX = `${STORAGE_KEY_PREFIX}.unsaved.`;
const userPrefix = (loginName: string) => `${PREFIX}${encodeURIComponent(loginName.toLowerCase())}.`;
const ownerPrefix = (o: Owner) => `${userPrefix(o.loginName)}${encodeURIComponent(o.profileId)}.`;
/** Where an e-service's input was kept before it was kept per record: one place, read once and moved. */
const appKey = (o: Owner, appCode: string) => `${ownerPrefix(o)}${encodeURIComponent(appCode)}`;

/** Input of a new record kept before new records had a key: there is one such at most. */
const NO_KEY = 'new';

/** Which record the input is of: its id, or with none yet the key its first save carries. */
export const entryOf = (input: Pick<UnsavedInput, 'caseId' | 'createKey'>): string =>
  input.caseId ?? input.createKey ?? NO_KEY;

export const unsavedKey = (o: Owner, appCode: string, entry: string) =>
  `${appKey(o, appCode)}.${encodeURIComponent(entry)}`;

/** This page load: its writes are the ones its saves may forget. */
const TAB = crypto.randomUUID();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null, now: number): UnsavedInput | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<UnsavedInput> | null;
    if (
      typeof v?.appCode !== 'string' ||
      typeof v.savedAt !== 'number' ||
      typeof v.values !== 'object' ||
      v.values === null ||
      now - v.savedAt > UNSAVED_INPUT_MAX_AGE_MS
    )
      return null;
    return {
      appCode: v.appCode,
      title: typeof v.title === 'string' ? v.title : v.appCode,
      caseId: typeof v.caseId === 'string' ? v.caseId : null,
      caseNumber: typeof v.caseNumber === 'string' ? v.caseNumber : null,
      values: v.values,
      ...(typeof v.base === 'object' && v.base !== null && { base: v.base }),
      page: typeof v.page === 'string' ? v.page : null,
      createKey: typeof v.createKey === 'string' ? v.createKey : null,
      savedAt: v.savedAt,
      profileName: typeof v.profileName === 'string' ? v.profileName : null,
      ...(Array.isArray(v.notUploaded) && {
        notUploaded: v.notUploaded.filter((f) => typeof f?.path === 'string' && typeof f.fileName === 'string'),
      }),
      tab: typeof v.tab === 'string' ? v.tab : null,
    };
  } catch {
    return null;
  }
}

/** Input kept in the e-service's one place of before, moved to its record's, unless that holds some already. */
function moveFromAppKey(s: Storage, owner: Owner, appCode: string, now: number): void {
  const raw = s.getItem(appKey(owner, appCode));
  if (raw === null) return;
  s.removeItem(appKey(owner, appCode));
  const input = parse(raw, now);
  const key = input && unsavedKey(owner, appCode, entryOf(input));
  if (key && s.getItem(key) === null) s.setItem(key, raw);
}

/** The input kept for one record of the e-service (`entry`: entryOf), or null. */
export function readUnsaved(owner: Owner, appCode: string, entry: string, now = Date.now()): UnsavedInput | null {
  const s = storage();
  if (!s) return null;
  moveFromAppKey(s, owner, appCode, now);
  const key = unsavedKey(owner, appCode, entry);
  const found = parse(s.getItem(key), now);
  if (!found) s.removeItem(key);
  return found;
}

/**
 * What a new form of the e-service offers: the input of the new record `entry` names (a link from the list
 * of kept input), else the newest kept for any record not saved yet. Never a saved record's: its own page
 * offers that.
 */
export function readNewUnsaved(
  owner: Owner,
  appCode: string,
  entry: string | null = null,
  now = Date.now(),
): UnsavedInput | null {
  const s = storage();
  if (!s) return null;
  moveFromAppKey(s, owner, appCode, now);
  const named = entry === null ? null : parse(s.getItem(unsavedKey(owner, appCode, entry)), now);
  if (named?.caseId === null) return named;
  const prefix = `${appKey(owner, appCode)}.`;
  let newest: UnsavedInput | null = null;
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    const input = key?.startsWith(prefix) ? parse(s.getItem(key), now) : null;
    if (input?.appCode === appCode && input.caseId === null && (!newest || input.savedAt > newest.savedAt))
      newest = input;
  }
  return newest;
}

/**
 * Keeps the input under its record, as this tab's; `replacing`: the record it was kept under until now (a new
 * record's input that its first save moved to the record), forgotten there. False when the browser refused
 * (full or disabled storage).
 */
export function writeUnsaved(owner: Owner, input: UnsavedInput, replacing?: string): boolean {
  try {
    const s = storage();
    const entry = entryOf(input);
    s?.setItem(unsavedKey(owner, input.appCode, entry), JSON.stringify({ ...input, tab: TAB }));
    if (replacing !== undefined && replacing !== entry) s?.removeItem(unsavedKey(owner, input.appCode, replacing));
    return true;
  } catch {
    return false;
  }
}

/**
 * Forgets the input kept for one record. `ownOnly`: only when this tab wrote it last, so a save here leaves
 * what another tab typed into the same record since (kept until that tab saves or discards it).
 */
export function clearUnsaved(owner: Owner, appCode: string, entry: string, { ownOnly = false } = {}): void {
  const s = storage();
  const key = unsavedKey(owner, appCode, entry);
  // Whose it is, whatever its age.
  if (ownOnly && parse(s?.getItem(key) ?? null, -Infinity)?.tab !== TAB) return;
  s?.removeItem(key);
}

/** Every unsaved input of this user and profile, of every e-service and record, newest first. */
export function listUnsaved(owner: Owner, now = Date.now()): UnsavedInput[] {
  const s = storage();
  if (!s) return [];
  const prefix = ownerPrefix(owner);
  const found: UnsavedInput[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith(prefix)) continue;
    const input = parse(s.getItem(key), now);
    if (input) found.push(input);
  }
  return found.sort((a, b) => b.savedAt - a.savedAt);
}

/** Input of this user for an e-service kept under another profile: whose it is, never what it holds. */
export interface KeptElsewhere {
  profileId: string;
  /** The profile's name when it was typed (its ID for input kept before names were). */
  profileName: string;
  savedAt: number;
}

/**
 * This user's input for an e-service kept under their other profiles (a switch of profile, here or in another
 * tab, or a sign-in that acts as themself again), newest first, one line per profile: it is offered back only
 * when acting for its profile, so the form can at least say that it is kept, and for whom.
 */
export function listKeptElsewhere(owner: Owner, appCode: string, now = Date.now()): KeptElsewhere[] {
  const s = storage();
  if (!s) return [];
  const prefix = userPrefix(owner.loginName);
  const found = new Map<string, KeptElsewhere>();
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith(prefix)) continue;
    const input = parse(s.getItem(key), now);
    if (input?.appCode !== appCode) continue;
    // The profile is what is left of the key once the e-service and record are taken off its end (a profile
    // ID may hold a dot, an e-service code or a record's id or key none).
    const ends = [
      `.${encodeURIComponent(appCode)}`,
      `.${encodeURIComponent(appCode)}.${encodeURIComponent(entryOf(input))}`,
    ];
    const end = ends.find((e) => key.endsWith(e) && key.length > prefix.length + e.length);
    if (!end) continue;
    let profileId: string;
    try {
      profileId = decodeURIComponent(key.slice(prefix.length, -end.length));
    } catch {
      continue;
    }
    const other = { ...owner, profileId };
    if (profileId === owner.profileId) continue;
    if (key !== appKey(other, appCode) && key !== unsavedKey(other, appCode, entryOf(input))) continue;
    const held = found.get(profileId);
    if (!held || held.savedAt < input.savedAt)
      found.set(profileId, { profileId, profileName: input.profileName ?? profileId, savedAt: input.savedAt });
  }
  return [...found.values()].sort((a, b) => b.savedAt - a.savedAt);
}
