import { STORAGE_KEYS } from '../../lib/session/keys.ts';

/**
 * The open record's identity (spec §3: kept in session storage), so a reload reopens it. The session
 * engine clears the key on logout.
 */
export interface CaseIdentity {
  appCode: string;
  caseId: string;
  caseNumber: string;
  /**
   * Whose record it is (login/profile acted for): after a proxy switch the e-service opens empty for the
   * profile now acted for, not on the record of the one before, which the server refuses as not found.
   */
  owner: string;
}

function isCaseIdentity(v: unknown): v is CaseIdentity {
  const c = v as Partial<CaseIdentity> | null;
  return (
    typeof c?.appCode === 'string' &&
    typeof c.caseId === 'string' &&
    typeof c.caseNumber === 'string' &&
    typeof c.owner === 'string'
  );
}

export function readCaseIdentity(appCode: string, owner: string): CaseIdentity | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.caseIdentity) ?? 'null');
    return isCaseIdentity(value) && value.appCode === appCode && value.owner === owner ? value : null;
  } catch {
    return null;
  }
}

export function writeCaseIdentity(identity: CaseIdentity | null): void {
  try {
    if (identity) window.sessionStorage.setItem(STORAGE_KEYS.caseIdentity, JSON.stringify(identity));
    else window.sessionStorage.removeItem(STORAGE_KEYS.caseIdentity);
  } catch {
    // Storage refused: a reload then starts a new record; nothing else depends on it.
  }
}
