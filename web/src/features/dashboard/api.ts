import { API_PATHS } from '../../../../contract/index.ts';
import {
  casesListSchema,
  catalogueResponseSchema,
  type CaseSummary,
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

/** GET /api/cases?app=…: the acting profile's records of one e-service. */
export async function fetchCases(appCode: string, signal?: AbortSignal): Promise<CaseSummary[]> {
  const query = new URLSearchParams({ app: appCode });
  return casesListSchema.parse(await get(`${API_PATHS.cases}?${query}`, signal)).cases;
}
