import { API_PATHS } from '../../../../contract/index.ts';
import { catalogueResponseSchema, type CatalogueResponse } from '../../../../contract/schemas/eservices.ts';
import { api, type ApiFailure } from '../../lib/http/index.ts';

/** The catalogue call of the e-services list and the header menus. */
export type CatalogueResult = { ok: true; catalogue: CatalogueResponse } | { ok: false; failure: ApiFailure | null };

/** GET /api/eservices: the acting profile's e-services, grouped. quiet: no toast (the menus load in the background). */
export async function fetchCatalogue(
  options: { signal?: AbortSignal; quiet?: boolean; background?: boolean } = {},
): Promise<CatalogueResult> {
  const result = await api.get<unknown>(API_PATHS.eservices, options);
  if (!result.ok) return { ok: false, failure: result };
  const parsed = catalogueResponseSchema.safeParse(result.responseJSON);
  return parsed.success ? { ok: true, catalogue: parsed.data } : { ok: false, failure: null };
}
