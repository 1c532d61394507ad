import { API_PATHS } from '../../../../contract/index.ts';
import { casesSummarySchema, type CasesSummary } from '../../../../contract/schemas/eservices.ts';
import { CallFailed } from '../../lib/catalogue.ts';
import { api } from '../../lib/http/index.ts';

/** GET /api/cases/summary: the acting profile's records counted by status, and the latest few. */
export async function fetchCasesSummary(signal: AbortSignal): Promise<CasesSummary> {
  const result = await api.get<unknown>(API_PATHS.casesSummary, { signal });
  if (!result.ok) throw new CallFailed(result);
  return casesSummarySchema.parse(result.responseJSON);
}
