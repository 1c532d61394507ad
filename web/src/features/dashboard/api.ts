import { read, readCasesSummary } from '#contract/answers.ts';
import { API_PATHS } from '#contract/index.ts';
import type { CasesSummary } from '#contract/schemas/eservices.ts';
import { CallFailed } from '../../lib/catalogue.ts';
import { api } from '../../lib/http/index.ts';

/** GET /api/cases/summary: the acting profile's records counted by status, and the latest few. */
export async function fetchCasesSummary(signal: AbortSignal): Promise<CasesSummary> {
  const result = await api.get<unknown>(API_PATHS.casesSummary, { signal });
  if (!result.ok) throw new CallFailed(result);
  // Read without zod, as the rest of what the dashboard shows right after a sign-in (docs/decisions/0052).
  const summary = read(readCasesSummary, result.responseJSON);
  if (!summary) throw new CallFailed(null);
  return summary;
}
