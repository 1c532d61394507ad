import { SITE_SEARCH } from '#contract/index.ts';

/** Which page numbers to offer: first, last, and two either side of the current one. */
export function pageWindow(current: number, last: number): Array<number | 'gap'> {
  const pages = new Set([1, last, ...[-2, -1, 0, 1, 2].map((d) => current + d)]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? ['gap' as const, p] : [p]));
}

/** Result pages as links (each page has its own address), the current one marked for assistive tech. */
export function Pagination({
  page,
  total,
  hrefFor,
}: {
  page: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  const last = Math.min(Math.ceil(total / SITE_SEARCH.PAGE_SIZE), SITE_SEARCH.MAX_PAGE);
  if (last <= 1) return null;
  return (
    <nav className="pagination" aria-label="Result pages">
      <ul>
        {page > 1 && (
          <li>
            <a href={hrefFor(page - 1)} rel="prev">
              Previous <span className="visually-hidden">page</span>
            </a>
          </li>
        )}
        {pageWindow(page, last).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <a href={hrefFor(p)} aria-current={p === page ? 'page' : undefined}>
                <span className="visually-hidden">Page</span> {p}
              </a>
            </li>
          ),
        )}
        {page < last && (
          <li>
            <a href={hrefFor(page + 1)} rel="next">
              Next <span className="visually-hidden">page</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
