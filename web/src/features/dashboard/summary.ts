import { CASE_STATUSES, type CaseStatus } from '../../../../contract/cases.ts';
import type { CasesSummary } from '../../../../contract/schemas/eservices.ts';

export interface StatusCount {
  status: CaseStatus;
  count: number;
}

/** Records per status, in workflow order, every status listed (a zero says as much as a number). */
export function countByStatus(summary: CasesSummary): StatusCount[] {
  return CASE_STATUSES.map((status) => ({ status, count: summary.counts[status] }));
}

/** How many records the profile has, whatever their status. */
export function totalRecords(summary: CasesSummary): number {
  return CASE_STATUSES.reduce((sum, status) => sum + summary.counts[status], 0);
}
