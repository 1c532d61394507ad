import type { FormEvent } from 'react';
import { ROUTES, SEARCH_SCOPES, SITE_PATHS, SITE_SEARCH } from '#contract/index.ts';
import { useRouter } from '../../lib/router/RouterView.tsx';
import { buildHref } from '../../lib/router/location.ts';

/**
 * The submit handler of a search form (q, resultswithin): a search of this website goes to the results
 * route directly, and so does a query too long for either search (the results page says so and keeps
 * it); anything else (all-of-government, an empty query) submits the plain form.
 */
export function useSiteSearchSubmit(): (event: FormEvent<HTMLFormElement>) => void {
  const router = useRouter();
  return (event) => {
    const data = new FormData(event.currentTarget);
    const q = String(data.get(SITE_SEARCH.PARAM_QUERY) ?? '').trim();
    const scope = String(data.get(SITE_SEARCH.PARAM_SCOPE) ?? SITE_SEARCH.DEFAULT_SCOPE);
    const tooLong = q.length > SITE_SEARCH.QUERY_MAX_LENGTH;
    if ((scope !== SITE_SEARCH.DEFAULT_SCOPE && !tooLong) || !q) return;
    event.preventDefault();
    router.navigate(
      buildHref(ROUTES.search, {
        [SITE_SEARCH.PARAM_QUERY]: q,
        [SITE_SEARCH.PARAM_SCOPE]: SITE_SEARCH.DEFAULT_SCOPE,
      }),
    );
  };
}

/**
 * The header search (spec §2): a plain GET form to /search with q and resultswithin, so it works
 * without JavaScript (the server redirects). With JavaScript, a search of this website goes straight to
 * the results route instead of a round trip; the all-of-government search still goes through the server.
 */
export function SiteSearchForm() {
  // Fixed ids: there is one header search, and the prerendered page carries typed input over by id.
  const id = 'site-search';
  const onSubmit = useSiteSearchSubmit();

  return (
    <form
      className="site-search"
      role="search"
      aria-label="Site search"
      method="get"
      action={SITE_PATHS.search}
      onSubmit={onSubmit}
    >
      <label htmlFor={`${id}-q`}>Search</label>
      <input id={`${id}-q`} name={SITE_SEARCH.PARAM_QUERY} type="search" required autoComplete="off" />
      <label htmlFor={`${id}-scope`} className="visually-hidden">
        Search scope
      </label>
      <select id={`${id}-scope`} name={SITE_SEARCH.PARAM_SCOPE} defaultValue={SITE_SEARCH.DEFAULT_SCOPE}>
        {SEARCH_SCOPES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <button type="submit">Search</button>
    </form>
  );
}
