import { isDecided, normalizeCaseNumber } from '#contract/cases.ts';
import {
  OFFICER_QUEUES,
  OFFICER_QUEUE_STATUSES,
  QUEUE_COUNT_CAP,
  type OfficerQueue,
  type QueuePage,
  type queueQuerySchema,
} from '#contract/officer.ts';
import type { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import type { Officer } from '../auth/officer.ts';
import { addDays } from '#contract/forms/index.ts';
import { singaporeToday } from '../cases/records.ts';
import { OFFICER_CASE_FROM, isOverdue, type OfficerCaseRow } from './cases.ts';
import { daysBetween } from './working-days.ts';

type QueueQuery = z.output<typeof queueQuerySchema>;

/**
 * The back office's queues (docs/decisions/0040). Each is a condition on status (contract/officer.ts
 * OFFICER_QUEUE_STATUSES, which the Status filter offers too) and the assignee, that one of migration 123's
 * partial indexes serves in the order asked for; filters narrow it.
 *
 * The SQL condition of a queue; `add` adds a parameter and answers its placeholder. The statuses are written
 * out, not passed: each condition is then the predicate of migration 123's partial indexes, which give the
 * rows in order (a parameter would hide that from the planner).
 */
function queueCondition(queue: OfficerQueue, officer: Officer, add: (v: unknown) => string): string {
  const statuses = `c.status IN (${OFFICER_QUEUE_STATUSES[queue].map((x) => `'${x}'`).join(', ')})`;
  switch (queue) {
    case 'new':
      return `${statuses} AND c.assigned_to IS NULL`;
    case 'mine': {
      const me = `${add(officer.accountId)}::bigint`;
      // A supervisor's own work includes the rejections other officers proposed, waiting for their approval.
      return officer.roles.includes('supervisor')
        ? `((c.assigned_to = ${me} AND ${statuses})
            OR (c.status = 'rejection_proposed' AND c.proposed_by <> ${me}))`
        : `c.assigned_to = ${me} AND ${statuses}`;
    }
    default:
      return statuses;
  }
}

/** The start of a Singapore calendar day, as an instant. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00+08:00`);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a queue's item shows. Not the answers (c.data, the largest column) nor the proposal and decision,
 * which only the case view reads; the join of the proposer's name is then unused, and PostgreSQL drops it.
 */
const QUEUE_ITEM_COLUMNS = `c.id::text AS id, c.case_number, c.app_code, e.title AS eservice_title,
  p.ptib_name AS applicant_name, c.status, c.version, c.submitted_at, c.updated_at,
  to_char(c.due_on, 'YYYY-MM-DD') AS due_on, c.assigned_to, o.display_name AS assigned_name`;

type QueueItemRow = Pick<
  OfficerCaseRow,
  | 'id'
  | 'case_number'
  | 'app_code'
  | 'eservice_title'
  | 'applicant_name'
  | 'status'
  | 'version'
  | 'submitted_at'
  | 'updated_at'
  | 'due_on'
  | 'assigned_to'
  | 'assigned_name'
>;

/** One row of the page's statement: the counts (and total), then an item, or nulls when the page is empty. */
type QueuePageRow = Record<OfficerQueue, number> & { total?: number; found_case?: QueuePage['foundCase'] } & Partial<
    Record<`found_${OfficerQueue}`, number>
  > &
  (QueueItemRow | { [K in keyof QueueItemRow]: null });

export async function queuePage(db: Queryable, officer: Officer, q: QueueQuery, now: Date): Promise<QueuePage> {
  const today = singaporeToday(now);
  const params: unknown[] = [];
  const add = (v: unknown) => `$${params.push(v)}`;
  const conditions = Object.fromEntries(
    OFFICER_QUEUES.map((queue) => [queue, `c.deleted_at IS NULL AND ${queueCondition(queue, officer, add)}`]),
  ) as Record<OfficerQueue, string>;
  // What narrows every tab as it narrows the page: the tabs' links keep the e-service, the ages and the find
  // (QueuesScreen), so each tab counts what its link opens (docs/decisions/0040). Not the status, which they clear.
  const narrowed: string[] = [];
  if (q.appCode) narrowed.push(`c.app_code = ${add(q.appCode)}`);
  // The bounds are Singapore's midnights, counted here: PostgreSQL would subtract days on its session's
  // calendar, 23 or 25 hours across a daylight-saving change where the server's zone has one (0103).
  if (q.minAgeDays !== undefined)
    // Submitted on or before (today - minAgeDays): before the start of the day after that.
    narrowed.push(`c.submitted_at < ${add(startOfDay(addDays(today, 1 - q.minAgeDays)))}`);
  if (q.maxAgeDays !== undefined) narrowed.push(`c.submitted_at >= ${add(startOfDay(addDays(today, -q.maxAgeDays)))}`);
  let find: string | null = null;
  let byNumber: string | null = null;
  if (q.q) {
    const caseNumber = normalizeCaseNumber(q.q);
    if (caseNumber) byNumber = add(caseNumber);
    find = byNumber
      ? `c.case_number = ${byNumber}`
      : // The start of the name, in any case: a prefix that migration 124's index serves.
        `c.profile_id IN (SELECT id FROM ptib_profiles WHERE lower(ptib_name) LIKE ${add(`${escapeLike(q.q.toLowerCase())}%`)})`;
    narrowed.push(find);
  }
  const tab = (queue: OfficerQueue) => [conditions[queue], ...narrowed].join(' AND ');
  const byStatus = q.status ? `c.status = ${add(q.status)}` : null;
  const desc = (q.order ?? (q.sort === 'age' ? 'desc' : 'asc')) === 'desc';
  // Oldest first is the age's descending order, so the submission time runs the other way.
  const orderBy =
    q.sort === 'age'
      ? `c.submitted_at ${desc ? 'ASC' : 'DESC'}, c.id ${desc ? 'ASC' : 'DESC'}`
      : `c.due_on ${desc ? 'DESC' : 'ASC'} NULLS LAST, c.id ${desc ? 'DESC' : 'ASC'}`;
  const filtered = byStatus === null ? tab(q.queue) : `${tab(q.queue)} AND ${byStatus}`;
  const cap = `${add(QUEUE_COUNT_CAP)}::int`;
  const capped = (condition: string) =>
    `(SELECT count(*)::int FROM (SELECT 1 FROM cases c WHERE ${condition} LIMIT ${cap}) AS capped)`;
  const counts = OFFICER_QUEUES.map((queue) => `${capped(tab(queue))} AS "${queue}"`);
  // What the find matches in every queue (the filters aside): a case sought in the wrong queue is named.
  if (find !== null)
    counts.push(...OFFICER_QUEUES.map((queue) => `${capped(`${conditions[queue]} AND ${find}`)} AS "found_${queue}"`));
  // A case number names one case: found wherever it stands, also outside this officer's queues.
  if (byNumber !== null)
    counts.push(
      `(SELECT json_build_object('id', c.id::text, 'caseNumber', c.case_number, 'status', c.status) FROM cases c
         WHERE c.case_number = ${byNumber} AND c.deleted_at IS NULL AND c.status <> 'draft' LIMIT 1) AS found_case`,
    );
  // Without a status, the page's total is its tab's count: counted once, not twice.
  if (byStatus !== null) counts.push(`${capped(filtered)} AS total`);

  // One statement, so one snapshot: the items, counts and total agree without a transaction, in one round
  // trip. The row of counts is joined to the page's items, numbered in the page's order (the join keeps no
  // order of its own); an empty page is that row with no item.
  const { rows } = await db.query<QueuePageRow>(
    `SELECT counts.*, item.*
       FROM (SELECT ${counts.join(', ')}) AS counts
       LEFT JOIN LATERAL (
         SELECT ${QUEUE_ITEM_COLUMNS}, row_number() OVER (ORDER BY ${orderBy}) AS position
           FROM ${OFFICER_CASE_FROM} WHERE ${filtered}
          ORDER BY ${orderBy} LIMIT ${add(q.pageSize)} OFFSET ${add((q.page - 1) * q.pageSize)}
       ) AS item ON true
      ORDER BY item.position`,
    params,
  );
  const first = rows[0]!;
  return {
    counts: Object.fromEntries(OFFICER_QUEUES.map((queue) => [queue, first[queue]])) as Record<OfficerQueue, number>,
    items: rows.flatMap((row) => {
      if (row.id === null) return [];
      const submitted = row.submitted_at === null ? null : new Date(row.submitted_at);
      return [
        {
          id: row.id,
          caseNumber: row.case_number,
          appCode: row.app_code,
          eserviceTitle: row.eservice_title,
          applicantName: row.applicant_name,
          status: row.status,
          version: row.version,
          submittedAt: submitted?.toISOString() ?? null,
          ageDays: submitted ? Math.max(0, daysBetween(singaporeToday(submitted), today)) : 0,
          dueDate: isDecided(row.status) ? null : row.due_on,
          overdue: isOverdue(row.status, row.due_on, today),
          assignedTo:
            row.assigned_to === null
              ? null
              : { accountId: Number(row.assigned_to), displayName: row.assigned_name ?? '' },
          updatedAt: new Date(row.updated_at).toISOString(),
        },
      ];
    }),
    total: byStatus === null ? first[q.queue] : first.total!,
    page: q.page,
    pageSize: q.pageSize,
    found:
      find === null
        ? null
        : (Object.fromEntries(OFFICER_QUEUES.map((queue) => [queue, first[`found_${queue}`]!])) as Record<
            OfficerQueue,
            number
          >),
    foundCase: first.found_case ?? null,
  };
}
