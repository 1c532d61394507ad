import type { Queryable } from '../db/database.ts';
import type { Principal } from './principal.ts';

/** Events of the sign-in and session area in the audit trail. */
export type AuthAuditEvent =
  | 'sign_in'
  | 'sign_in_otp_pending'
  | 'logout'
  | 'refresh'
  | 'token_reuse'
  | 'proxy_switch'
  | 'authorization_refused'
  | 'profile_blocked';

export interface AuditEntry {
  event: AuthAuditEvent | (string & {});
  outcome?: 'success' | 'failure';
  at: Date;
  accountId?: number | string | null;
  loginName?: string | null;
  actingProfileId?: string | null;
  clientAddress?: string | null;
  /** Never a password, token, nonce or one-time code. */
  detail?: Record<string, unknown>;
}

/**
 * Who made a call, as its audit row records it: the principal's account, login name and acting profile (none
 * without a principal), and the address the call came from.
 */
export const byPrincipal = (
  principal: Pick<Principal, 'accountId' | 'loginName' | 'actingProfileId'> | null | undefined,
  clientAddress: string,
): Pick<AuditEntry, 'accountId' | 'loginName' | 'actingProfileId' | 'clientAddress'> => ({
  accountId: principal?.accountId,
  loginName: principal?.loginName,
  actingProfileId: principal?.actingProfileId,
  clientAddress,
});

/** The columns of an audit row, in the order audit() writes them (also written by refreshSession's statement). */
export const AUDIT_COLUMNS =
  'occurred_at, event, outcome, account_id, login_name, acting_profile_id, client_address, detail';

/** An entry's values, in the order of AUDIT_COLUMNS. */
const valuesOf = (entry: AuditEntry): unknown[] => [
  entry.at,
  entry.event,
  entry.outcome ?? 'success',
  entry.accountId ?? null,
  entry.loginName ?? null,
  entry.actingProfileId ?? null,
  entry.clientAddress ?? null,
  JSON.stringify(entry.detail ?? {}),
];

/** Their placeholders, numbered after the `offset` parameters a statement has before them. */
const placeholders = (offset: number) =>
  Array.from({ length: 8 }, (_, i) => `$${offset + i + 1}${i === 7 ? '::jsonb' : ''}`).join(', ');

export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(`INSERT INTO audit_events (${AUDIT_COLUMNS}) VALUES (${placeholders(0)})`, valuesOf(entry));
}

/**
 * audit()'s INSERT as a WITH query of a larger statement that has `offset` parameters of its own: it writes
 * the entry once for each row of `source` (another WITH query of that statement), so an entry for a guarded
 * write is written only when the write touched its row, and both are committed together, as one statement
 * is, without a transaction around them. Its parameters go after the statement's own.
 */
export function auditEach(source: string, entry: AuditEntry, offset: number): { sql: string; params: unknown[] } {
  return {
    sql: `INSERT INTO audit_events (${AUDIT_COLUMNS}) SELECT ${placeholders(offset)} FROM ${source}`,
    params: valuesOf(entry),
  };
}
