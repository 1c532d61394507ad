import { API_PATHS } from '#contract/index.ts';
import { type ContentSlug } from '#contract/site-pages.ts';
import { contentPageSchema, type ContentPage } from '#contract/schemas/index.ts';
import { api } from '../../lib/http/index.ts';

export type ContentAnswer = { ok: true; page: ContentPage } | { ok: false };

/** GET /api/content/:slug, checked against the contract (this screen is lazily loaded, so zod may come). */
export async function fetchContentPage(slug: ContentSlug, signal: AbortSignal): Promise<ContentAnswer> {
  const result = await api.get<unknown>(`${API_PATHS.content}/${slug}`, { signal, quiet: true });
  if (!result.ok) return { ok: false };
  const parsed = contentPageSchema.safeParse(result.responseJSON);
  return parsed.success ? { ok: true, page: parsed.data } : { ok: false };
}
