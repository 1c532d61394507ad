import { CASE_STATUSES, type CaseStatus } from '../../../../contract/cases.ts';
import type { CaseSummary } from '../../../../contract/schemas/eservices.ts';

/** How many of the latest records the dashboard lists. */
export const LATEST_COUNT = 5;

export interface StatusCount {
  status: CaseStatus;
  count: number;
}

/** Records per status, in workflow order, every status listed (a zero says as much as a number). */
export function countByStatus(cases: readonly CaseSummary[]): StatusCount[] {
  const counts = new Map<CaseStatus, number>(CASE_STATUSES.map((s) => [s, 0]));
  for (const c of cases) counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
  return CASE_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** The most recently changed records first. */
export function latestCases(cases: readonly CaseSummary[], count = LATEST_COUNT): CaseSummary[] {
  return [...cases].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)).slice(0, count);
}
