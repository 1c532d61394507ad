import { useEffect, useId } from 'react';
import { MESSAGES, ROUTES, SEARCH_SCOPES, SHELL_TEXT, SITE_PATHS, SITE_SEARCH } from '#contract/index.ts';
import { SEARCH_RESULT_KIND_LABELS, SITE_MESSAGES, searchWords } from '#contract/site-pages.ts';
import { useSiteSearchSubmit } from '../../components/shell/SiteSearchForm.tsx';
import { useLoad } from '../../lib/http/useLoad.ts';
import { buildHref } from '../../lib/router/location.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { useRouter } from '../../lib/router/RouterView.tsx';
import { fetchSearch, type SearchAnswer } from './api.ts';
import { Highlighted } from './Highlighted.tsx';
import { Pagination } from './Pagination.tsx';

function readPage(raw: string | null): number {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= SITE_SEARCH.MAX_PAGE ? n : 1;
}

function useSearch(q: string, page: number): SearchAnswer | null {
  const wanted = Boolean(q) && q.length <= SITE_SEARCH.QUERY_MAX_LENGTH;
  const { state } = useLoad(wanted ? `${page}:${q}` : null, (signal) => fetchSearch(q, page, signal));
  if (state.kind === 'ready') return state.value;
  return state.kind === 'failed' ? { ok: false, reason: 'failed' } : null;
}

function resultCountText(total: number, page: number, q: string): string {
  if (total === 0) return `No results for “${q}”.`;
  const first = (page - 1) * SITE_SEARCH.PAGE_SIZE + 1;
  const last = Math.min(total, page * SITE_SEARCH.PAGE_SIZE);
  const noun = total === 1 ? 'result' : 'results';
  return total <= SITE_SEARCH.PAGE_SIZE
    ? `${total} ${noun} for “${q}”.`
    : `${first}–${last} of ${total} ${noun} for “${q}”.`;
}

/** Leaving for another scope's search: swapped in tests. */
export const searchElsewhere = { go: (url: string) => window.location.replace(url) };

/**
 * The server's address for a search of another scope than this website (the all-of-government search), which
 * it redirects to that scope's own search (decisions.md §3); null for this website's, or a scope it does not
 * know, which it searches here as the server does.
 */
function elsewhereFor(q: string, scope: string | null): string | null {
  if (!q || scope === SITE_SEARCH.DEFAULT_SCOPE || !SEARCH_SCOPES.some((s) => s.value === scope)) return null;
  const query = new URLSearchParams({ [SITE_SEARCH.PARAM_QUERY]: q, [SITE_SEARCH.PARAM_SCOPE]: scope! });
  return `${SITE_PATHS.search}?${query}`;
}

/**
 * Search results for this website (decisions.md §3): the catalogue of e-services and the content
 * pages, found and ranked by the server's full-text search, the query's words marked, paged by address.
 * Public: no sign-in.
 */
export default function SearchPage({ location }: ScreenProps) {
  const id = useId();
  const q = searchWords(location.query.get(SITE_SEARCH.PARAM_QUERY) ?? '');
  const page = readPage(location.query.get(SITE_SEARCH.PARAM_PAGE));
  const tooLong = q.length > SITE_SEARCH.QUERY_MAX_LENGTH;
  // An address of the all-of-government search (a bookmark, a link) is that search's, not this website's.
  const elsewhere = tooLong ? null : elsewhereFor(q, location.query.get(SITE_SEARCH.PARAM_SCOPE));
  useEffect(() => {
    if (elsewhere) searchElsewhere.go(elsewhere);
  }, [elsewhere]);
  const answer = useSearch(elsewhere ? '' : q, page);
  const onSubmit = useSiteSearchSubmit();
  const router = useRouter();
  const loading = Boolean(q) && !tooLong && (!answer || Boolean(elsewhere));
  const hrefFor = (p: number) =>
    buildHref(ROUTES.search, {
      [SITE_SEARCH.PARAM_QUERY]: q,
      [SITE_SEARCH.PARAM_SCOPE]: SITE_SEARCH.DEFAULT_SCOPE,
      [SITE_SEARCH.PARAM_PAGE]: p > 1 ? p : undefined,
    });

  let status: string;
  if (!q) status = SITE_MESSAGES.searchPrompt;
  else if (tooLong) status = SITE_MESSAGES.searchQueryTooLong;
  else if (!answer || elsewhere) status = `${SHELL_TEXT.loading}…`;
  else if (!answer.ok) status = answer.reason === 'refused' && answer.message ? answer.message : MESSAGES.searchFailed;
  else status = resultCountText(answer.response.total, answer.response.page, q);

  const results = answer?.ok ? answer.response.results : [];
  // The server answers the last page for one past the end (an old link): show the page it answered.
  const shownPage = answer?.ok ? answer.response.page : page;
  // ...and the address names it too, so a bookmark or a shared link says what was shown.
  const moveTo = shownPage !== page ? hrefFor(shownPage) : null;
  useEffect(() => {
    if (moveTo) router.navigate(moveTo, { replace: true });
  }, [moveTo, router]);
  return (
    <section className="search-page" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Search results
      </h1>
      <form
        role="search"
        aria-label="Search again"
        method="get"
        action={SITE_PATHS.search}
        className="site-search"
        onSubmit={onSubmit}
      >
        <label htmlFor={`${id}-q`}>Search this website</label>
        <input
          id={`${id}-q`}
          name={SITE_SEARCH.PARAM_QUERY}
          type="search"
          defaultValue={q}
          key={q}
          required
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${id}-status` : undefined}
        />
        <input type="hidden" name={SITE_SEARCH.PARAM_SCOPE} value={SITE_SEARCH.DEFAULT_SCOPE} />
        <button type="submit">Search</button>
      </form>
      <p role="status" id={`${id}-status`} className="result-count" aria-busy={loading}>
        {status}
      </p>
      {answer?.ok && answer.response.total === 0 && <p>{SITE_MESSAGES.searchNoResults}</p>}
      {results.length > 0 && (
        <ol className="search-results" start={(shownPage - 1) * SITE_SEARCH.PAGE_SIZE + 1}>
          {results.map((result) => (
            <li key={result.href} className="search-result">
              <h2>
                <a href={result.href}>
                  <Highlighted text={result.title} />
                </a>
              </h2>
              <p className="result-kind">
                {SEARCH_RESULT_KIND_LABELS[result.kind]} · {result.source}
              </p>
              <p>
                <Highlighted text={result.snippet} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {answer?.ok && <Pagination page={shownPage} total={answer.response.total} hrefFor={hrefFor} />}
    </section>
  );
}
