import { loadOfficer } from '../auth/officer.ts';
import { moveCase } from '../cases/service.ts';
import type { Database } from '../db/database.ts';
import { act } from '../officer/actions.ts';

/**
 * Rejects a submitted record with the operator's command, as the workflow's rules have it (docs/decisions/0040):
 * officer.demo takes it into review with the command and proposes the rejection with `reason`, by the back
 * office's action, and the supervisor officer.lead approves the proposal with the command.
 */
export async function rejectWithCommand(
  db: Database,
  caseNumber: string,
  now: Date,
  reason = 'The record does not meet the conditions.',
): Promise<void> {
  await moveCase(db, caseNumber, 'in_review', 'officer.demo', now);
  const { rows } = await db.query<{ id: string; version: number; account_id: number }>(
    `SELECT c.id::text AS id, c.version, a.id AS account_id FROM cases c, accounts a
      WHERE c.case_number = $1 AND a.login_name = 'officer.demo'`,
    [caseNumber],
  );
  const { id, version, account_id } = rows[0]!;
  const officer = (await loadOfficer(db, Number(account_id)))!;
  await act(db, { officer: { ...officer, loginName: 'officer.demo' }, clientAddress: null, now }, id, {
    action: 'proposeRejection',
    reason,
    version,
  });
  await moveCase(db, caseNumber, 'rejected', 'officer.lead', now);
}
