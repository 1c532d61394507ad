import { API_PATHS, SITE_SEARCH } from '#contract/index.ts';
import { searchResponseSchema, type SearchResponse } from '#contract/schemas/index.ts';
import { api } from '../../lib/http/index.ts';

export type SearchAnswer =
  { ok: true; response: SearchResponse } | { ok: false; reason: 'failed' | 'refused'; message?: string };

/** GET /api/search, checked against the contract (a lazily loaded screen: zod may come). */
export async function fetchSearch(q: string, page: number, signal: AbortSignal): Promise<SearchAnswer> {
  const params = new URLSearchParams({ [SITE_SEARCH.PARAM_QUERY]: q, [SITE_SEARCH.PARAM_PAGE]: String(page) });
  const result = await api.get<unknown>(`${API_PATHS.search}?${params.toString()}`, { signal, quiet: true });
  if (!result.ok) {
    return result.kind === 'refused'
      ? { ok: false, reason: 'refused', message: result.header.responseDesc }
      : { ok: false, reason: 'failed' };
  }
  const parsed = searchResponseSchema.safeParse(result.responseJSON);
  return parsed.success ? { ok: true, response: parsed.data } : { ok: false, reason: 'failed' };
}
