import { STORAGE_KEY_PREFIX } from '#contract/index.ts';
import { UNSAVED_INPUT_MAX_AGE_MS } from '#contract/cases.ts';
import type { FormValues } from '#contract/forms/index.ts';

/**
 * What the user typed and has not saved, kept in localStorage per user, acting profile and e-service,
 * so an expired session, a closed tab or a dropped network loses nothing. Unlike the session's keys it
 * survives logout (that is its point); it is cleared on a successful save or when the user discards it.
 */
export interface UnsavedInput {
  appCode: string;
  /** The e-service's title, for the list of unsaved input on the e-services screen. */
  title: string;
  /** The record the input belongs to, or null for one not saved yet. */
  caseId: string | null;
  caseNumber: string | null;
  values: FormValues;
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
}

export interface Owner {
  loginName: string;
  profileId: string;
}

const PREFIX = `${STORAGE_KEY_PREFIX}.unsaved.`;
const userPrefix = (loginName: string) => `${PREFIX}${encodeURIComponent(loginName.toLowerCase())}.`;
const ownerPrefix = (o: Owner) => `${userPrefix(o.loginName)}${encodeURIComponent(o.profileId)}.`;
export const unsavedKey = (o: Owner, appCode: string) => `${ownerPrefix(o)}${encodeURIComponent(appCode)}`;

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
      page: typeof v.page === 'string' ? v.page : null,
      createKey: typeof v.createKey === 'string' ? v.createKey : null,
      savedAt: v.savedAt,
      profileName: typeof v.profileName === 'string' ? v.profileName : null,
      ...(Array.isArray(v.notUploaded) && {
        notUploaded: v.notUploaded.filter((f) => typeof f?.path === 'string' && typeof f.fileName === 'string'),
      }),
    };
  } catch {
    return null;
  }
}

export function readUnsaved(owner: Owner, appCode: string, now = Date.now()): UnsavedInput | null {
  const s = storage();
  const key = unsavedKey(owner, appCode);
  const found = parse(s?.getItem(key) ?? null, now);
  if (!found) s?.removeItem(key);
  return found;
}

/** Keeps the input; false when the browser refused (full or disabled storage). */
export function writeUnsaved(owner: Owner, input: UnsavedInput): boolean {
  try {
    storage()?.setItem(unsavedKey(owner, input.appCode), JSON.stringify(input));
    return true;
  } catch {
    return false;
  }
}

export function clearUnsaved(owner: Owner, appCode: string): void {
  storage()?.removeItem(unsavedKey(owner, appCode));
}

/** Every unsaved input of this user and profile, newest first. */
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
 * tab, or a sign-in that acts as themself again), newest first: it is offered back only when acting for its
 * profile, so the form can at least say that it is kept, and for whom.
 */
export function listKeptElsewhere(owner: Owner, appCode: string, now = Date.now()): KeptElsewhere[] {
  const s = storage();
  if (!s) return [];
  const prefix = userPrefix(owner.loginName);
  const suffix = `.${encodeURIComponent(appCode)}`;
  const found: KeptElsewhere[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith(prefix) || !key.endsWith(suffix)) continue;
    let profileId: string;
    try {
      profileId = decodeURIComponent(key.slice(prefix.length, -suffix.length));
    } catch {
      continue;
    }
    if (profileId === owner.profileId || key !== unsavedKey({ ...owner, profileId }, appCode)) continue;
    const input = parse(s.getItem(key), now);
    if (input) found.push({ profileId, profileName: input.profileName ?? profileId, savedAt: input.savedAt });
  }
  return found.sort((a, b) => b.savedAt - a.savedAt);
}
