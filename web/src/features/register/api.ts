import type { z } from 'zod';
import { MESSAGES } from '#contract/catalogue.ts';
import {
  REGISTER_MESSAGES,
  REGISTER_PATHS,
  entryAnswerSchema,
  searchAnswerSchema,
  watchlistAnswerSchema,
  type EntryAnswer,
  type SearchAnswer,
  type SearchRequest,
  type WatchlistAnswer,
} from '#contract/register.ts';
import { api, type ApiResult } from '../../lib/http/index.ts';

/** What a screen shows: the answer, or the words to show instead (the server's own when it refused). */
type Failed = {
  ok: false;
  message: string;
  aborted?: boolean;
  refused?: boolean;
  unanswered?: boolean;
  /** Refused for what was sent (400): a problem for the form to show beside what was typed. */
  badRequest?: boolean;
};
export type Outcome<T> = { ok: true; value: T; message: string } | Failed;

/**
 * Why a call came to nothing: the server's own words when it refused, else `failed`, which names what could
 * not be done (a follow is no search, and must not be called one).
 */
function failure(result: Exclude<ApiResult<unknown>, { ok: true }>, failed: string): Failed {
  if (result.kind === 'aborted') return { ok: false, message: '', aborted: true };
  if (result.kind === 'refused')
    return { ok: false, message: result.header.responseDesc, refused: true, badRequest: result.status === 400 };
  // No answer, or none that could be read: the server may have done it (a search sent again keeps its key).
  return { ok: false, message: failed, unanswered: result.kind !== 'session' };
}

function read<T>(result: ApiResult<unknown>, schema: z.ZodType<T>, failed: string = MESSAGES.searchFailed): Outcome<T> {
  if (!result.ok) return failure(result, failed);
  const parsed = schema.safeParse(result.responseJSON);
  return parsed.success
    ? { ok: true, value: parsed.data, message: result.header.responseDesc }
    : { ok: false, message: failed, unanswered: true };
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The register and watchlist calls (docs/decisions/0043, 0044), checked against the contract. */
export const registerApi = {
  async search(body: SearchRequest, signal: AbortSignal): Promise<Outcome<SearchAnswer>> {
    return read(await api.post(REGISTER_PATHS.search, body, { signal, quiet: true, block: true }), searchAnswerSchema);
  },
  async page(reference: string, page: number, signal: AbortSignal): Promise<Outcome<SearchAnswer>> {
    const path = `${REGISTER_PATHS.searchPage.replace(':reference', encodeURIComponent(reference))}?${query({ page: String(page) })}`;
    return read(await api.get(path, { signal, quiet: true }), searchAnswerSchema);
  },
  async entry(reference: string, caseNumber: string, signal: AbortSignal): Promise<Outcome<EntryAnswer>> {
    const path = `${REGISTER_PATHS.entry}?${query({ ref: reference, case: caseNumber })}`;
    return read(await api.get(path, { signal, quiet: true }), entryAnswerSchema);
  },
  async extract(reference: string, caseNumber: string, signal: AbortSignal): Promise<Outcome<Blob>> {
    const path = `${REGISTER_PATHS.extract}?${query({ ref: reference, case: caseNumber })}`;
    const result = await api.get(path, { signal, quiet: true, binary: true });
    if (!result.ok) return failure(result, REGISTER_MESSAGES.extractFailed);
    return result.responseJSON instanceof Blob
      ? { ok: true, value: result.responseJSON, message: '' }
      : { ok: false, message: REGISTER_MESSAGES.extractFailed };
  },
  async watchlist(signal: AbortSignal): Promise<Outcome<WatchlistAnswer>> {
    return read(
      await api.get(REGISTER_PATHS.watchlist, { signal, quiet: true }),
      watchlistAnswerSchema,
      REGISTER_MESSAGES.watchlistFailed,
    );
  },
  /** Follows a case: `ref` the search that found it, else a look-up by number (counted as a search). */
  async follow(caseNumber: string, signal: AbortSignal, ref?: string): Promise<Outcome<unknown>> {
    const result = await api.post(REGISTER_PATHS.watchlist, { caseNumber, ref }, { signal, quiet: true, block: true });
    return result.ok
      ? { ok: true, value: null, message: result.header.responseDesc }
      : failure(result, REGISTER_MESSAGES.followFailed);
  },
  async unfollow(caseNumber: string, signal: AbortSignal): Promise<Outcome<unknown>> {
    const result = await api.post(REGISTER_PATHS.unfollow, { caseNumber }, { signal, quiet: true, block: true });
    return result.ok
      ? { ok: true, value: null, message: result.header.responseDesc }
      : failure(result, REGISTER_MESSAGES.unfollowFailed);
  },
};
