import type { Queryable } from '../db/database.ts';

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

/** The columns of an audit row, in the order audit() writes them (also written by refreshSession's statement). */
export const AUDIT_COLUMNS =
  'occurred_at, event, outcome, account_id, login_name, acting_profile_id, client_address, detail';

export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_events (${AUDIT_COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      entry.at,
      entry.event,
      entry.outcome ?? 'success',
      entry.accountId ?? null,
      entry.loginName ?? null,
      entry.actingProfileId ?? null,
      entry.clientAddress ?? null,
      JSON.stringify(entry.detail ?? {}),
    ],
  );
}
