import type { Queryable } from '../db/database.ts';
import { singaporeToday } from '../cases/records.ts';
import { addWorkingDays, loadHolidays, workingDaysBetween } from './working-days.ts';

/**
 * Due dates (docs/decisions/0040): a record is due its e-service's number of working days after the day it
 * was submitted; while the applicant is asked for more information the clock stops, so when they answer the
 * due date moves on by the working days the request was open.
 */
export async function setDueOnSubmission(tx: Queryable, caseId: string, now: Date): Promise<void> {
  const today = singaporeToday(now);
  const { rows } = await tx.query<{ days: number }>(
    'SELECT e.due_working_days AS days FROM cases c JOIN eservices e ON e.code = c.app_code WHERE c.id = $1::bigint',
    [caseId],
  );
  const due = addWorkingDays(today, rows[0]?.days ?? 10, await loadHolidays(tx, today));
  await tx.query('UPDATE cases SET due_on = $2::date, paused_on = NULL WHERE id = $1::bigint', [caseId, due]);
}

/** The applicant answered: the due date moves on by the working days it was paused. */
export async function resumeDue(tx: Queryable, caseId: string, now: Date): Promise<void> {
  const { rows } = await tx.query<{ due_on: string | null; paused_on: string | null }>(
    `SELECT to_char(due_on, 'YYYY-MM-DD') AS due_on, to_char(paused_on, 'YYYY-MM-DD') AS paused_on
       FROM cases WHERE id = $1::bigint`,
    [caseId],
  );
  const row = rows[0];
  if (!row?.due_on || !row.paused_on) {
    await tx.query('UPDATE cases SET paused_on = NULL WHERE id = $1::bigint', [caseId]);
    return;
  }
  const holidays = await loadHolidays(tx, row.paused_on);
  const paused = workingDaysBetween(row.paused_on, singaporeToday(now), holidays);
  const due = addWorkingDays(row.due_on, paused, holidays);
  await tx.query('UPDATE cases SET due_on = $2::date, paused_on = NULL WHERE id = $1::bigint', [caseId, due]);
}
