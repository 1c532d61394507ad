import { API_PATHS } from '#contract/index.ts';
import { SITE_MESSAGES } from '#contract/site-pages.ts';
import type { RatingRequest } from '#contract/schemas/index.ts';
import { api } from '../../lib/http/index.ts';

export type RatingAnswer = { ok: true; message: string } | { ok: false; message: string };

/** POST /api/rating; the answer's own words when the server refuses (bad input, too many). */
export async function sendRating(body: RatingRequest, signal: AbortSignal): Promise<RatingAnswer> {
  const result = await api.post<unknown>(API_PATHS.rating, body, { signal, quiet: true, block: true });
  if (result.ok) return { ok: true, message: SITE_MESSAGES.ratingThanks };
  if (result.kind === 'refused')
    return { ok: false, message: result.header.responseDesc || SITE_MESSAGES.ratingFailed };
  return { ok: false, message: SITE_MESSAGES.ratingFailed };
}
