import { APPLICANT_STATUSES, type CaseStatus } from '#contract/cases.ts';
import type { CasesSummary } from '#contract/schemas/eservices.ts';

export interface StatusCount {
  status: CaseStatus;
  count: number;
}

/** Records per status the applicant sees, in workflow order, every one listed (a zero says as much as a number). */
export function countByStatus(summary: CasesSummary): StatusCount[] {
  return APPLICANT_STATUSES.map((status) => ({ status, count: summary.counts[status] ?? 0 }));
}

/** How many records the profile has, whatever their status. */
export function totalRecords(summary: CasesSummary): number {
  return APPLICANT_STATUSES.reduce((sum, status) => sum + (summary.counts[status] ?? 0), 0);
}
