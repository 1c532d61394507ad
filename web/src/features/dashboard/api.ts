import { API_PATHS } from '../../../../contract/index.ts';
import {
  casesSummarySchema,
  catalogueResponseSchema,
  type CasesSummary,
  type CatalogueResponse,
} from '../../../../contract/schemas/eservices.ts';
import { api } from '../../lib/http/index.ts';

/** A dashboard call that did not succeed (the HTTP layer has already reported what needs reporting). */
export class DashboardCallFailed extends Error {}

async function get(path: string, signal?: AbortSignal): Promise<unknown> {
  const result = await api.get<unknown>(path, { signal });
  if (!result.ok) throw new DashboardCallFailed(result.kind);
  return result.responseJSON;
}

/** GET /api/eservices: the e-services the acting profile may use, in their menu groups. */
export async function fetchCatalogue(signal?: AbortSignal): Promise<CatalogueResponse> {
  return catalogueResponseSchema.parse(await get(API_PATHS.eservices, signal));
}

/** GET /api/cases/summary: the acting profile's records counted by status, and the latest few. */
export async function fetchCasesSummary(signal?: AbortSignal): Promise<CasesSummary> {
  return casesSummarySchema.parse(await get(API_PATHS.casesSummary, signal));
}
