import { read, readCatalogue } from '#contract/answers.ts';
import { API_PATHS } from '#contract/index.ts';
import type { CatalogueResponse } from '#contract/schemas/eservices.ts';
import { api, type ApiFailure } from './http/index.ts';

/** A call that did not succeed, with the HTTP layer's account of why (it has told the user already). */
export class CallFailed extends Error {
  readonly failure: ApiFailure | null;
  constructor(failure: ApiFailure | null) {
    super(
      failure === null
        ? 'call failed: an answer that does not fit the contract'
        : failure.kind === 'refused'
          ? failure.header.responseDesc
          : `call failed: ${failure.kind}`,
    );
    this.failure = failure;
  }
}

/**
 * GET /api/eservices: the e-services the acting profile may use, in their menu groups. The one catalogue
 * call of the dashboard, the e-services list and the header menus (background: no toast, for the menus).
 */
export async function fetchCatalogue(
  signal: AbortSignal,
  options: { background?: boolean } = {},
): Promise<CatalogueResponse> {
  const result = await api.get<unknown>(API_PATHS.eservices, { signal, ...options });
  if (!result.ok) throw new CallFailed(result);
  // Read without zod: the dashboard and the header's menus show it right after a sign-in (docs/decisions/0052).
  const parsed = read(readCatalogue, result.responseJSON);
  if (!parsed) throw new CallFailed(null);
  return parsed;
}
