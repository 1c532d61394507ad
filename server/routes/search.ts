import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, ROUTES, SITE_PATHS, SITE_SEARCH, ok } from '#contract/index.ts';
import { type SearchResultKind } from '#contract/site-pages.ts';
import {
  envelopeSchema,
  errorEnvelopeSchema,
  searchQuerySchema,
  searchResponseSchema,
  siteSearchFormSchema,
  type HighlightedText,
  type SearchResponse,
} from '#contract/schemas/index.ts';

/**
 * Marks ts_headline puts around matches. Control characters never occur in the portal's text (they are
 * stripped from it before ts_headline runs), so the answer can be cut into plain pieces and no markup
 * ever reaches the browser as text.
 */
const START = '\u0002';
const STOP = '\u0003';
const TITLE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;
const SNIPPET_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxFragments=2, MinWords=12, MaxWords=30, FragmentDelimiter=" … "`;

/** Cuts a ts_headline answer into pieces, the matched ones flagged. */
export function splitHighlighted(marked: string): HighlightedText {
  const pieces: HighlightedText = [];
  let rest = marked;
  while (rest.length > 0) {
    const start = rest.indexOf(START);
    if (start < 0) {
      pieces.push({ text: rest, match: false });
      break;
    }
    if (start > 0) pieces.push({ text: rest.slice(0, start), match: false });
    const stop = rest.indexOf(STOP, start + 1);
    const end = stop < 0 ? rest.length : stop;
    const text = rest.slice(start + 1, end);
    if (text) pieces.push({ text, match: true });
    rest = stop < 0 ? '' : rest.slice(stop + 1);
  }
  // ts_headline puts each matched word in its own marks: join neighbours of the same kind.
  return pieces.reduce<HighlightedText>((joined, piece) => {
    const last = joined.at(-1);
    if (last && last.match === piece.match) last.text += piece.text;
    else joined.push({ ...piece });
    return joined;
  }, []);
}

/**
 * The query as typed, with each abbreviation of search_synonyms rewritten into "it OR what it stands for"
 * (migration 090, docs/decisions/0034): 'OTP' finds the pages that say "one-time password".
 */
const QUERY = `ts_rewrite(websearch_to_tsquery('english', $1), 'SELECT target, substitute FROM search_rewrites')`;

/** A query of negated words only ("-refund") has querytree 'T': it would match nearly everything, so it matches nothing. */
const MATCHES = `d.document @@ q.query AND querytree(q.query) <> 'T'`;

interface HitRow {
  kind: SearchResultKind;
  href: string;
  source: string;
  total: number;
  title_marked: string;
  snippet_marked: string;
}

/**
 * Site search (decisions.md §3): GET /search is the header form's target and redirects; GET /api/search
 * answers results from PostgreSQL full-text search over the catalogue and the content pages (view
 * site_search_documents, migration 031).
 */
export async function searchRoutes(app: FastifyInstance, options: { apiPrefix: string }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    `${options.apiPrefix}${API_PATHS.search}`,
    {
      schema: {
        querystring: searchQuerySchema,
        response: { 200: envelopeSchema(searchResponseSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { q } = request.query;
      const strip = START + STOP;
      const hits = (page: number) =>
        app.db.query<HitRow>(
          `SELECT kind, href, source, total,
                  ts_headline('english', translate(title, $4, ''), query, $5) AS title_marked,
                  ts_headline('english', translate(body, $4, ''), query, $6) AS snippet_marked
             FROM (SELECT d.kind, d.title, d.body, d.href, d.source, d.kind_order, d.position, q.query,
                          ts_rank(d.document, q.query) AS rank,
                          (count(*) OVER ())::int AS total
                     FROM site_search_documents d, ${QUERY} AS q(query)
                    WHERE ${MATCHES}
                    ORDER BY rank DESC, d.kind_order, d.position, d.href
                    LIMIT $2 OFFSET $3) hits
            ORDER BY rank DESC, kind_order, position, href`,
          [q, SITE_SEARCH.PAGE_SIZE, (page - 1) * SITE_SEARCH.PAGE_SIZE, strip, TITLE_OPTIONS, SNIPPET_OPTIONS],
        );
      let page = request.query.page;
      let { rows } = await hits(page);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        // A page past the end (an old link, or content edited since): the window count came back with no row
        // to carry it, so count, and answer the last page, as the register's paging does.
        const count = await app.db.query<{ total: number }>(
          `SELECT count(*)::int AS total
             FROM site_search_documents d, ${QUERY} AS q(query)
            WHERE ${MATCHES}`,
          [q],
        );
        total = count.rows[0]?.total ?? 0;
        page = Math.max(1, Math.ceil(total / SITE_SEARCH.PAGE_SIZE));
        if (total > 0) ({ rows } = await hits(page));
      }
      const body: SearchResponse = {
        query: q,
        page,
        pageSize: SITE_SEARCH.PAGE_SIZE,
        total,
        results: rows.map((row) => ({
          kind: row.kind,
          href: row.href,
          source: row.source,
          title: splitHighlighted(row.title_marked),
          snippet: splitHighlighted(row.snippet_marked),
        })),
      };
      return ok(body);
    },
  );

  // The header form works without JavaScript: it submits here by GET, and this sends the browser on.
  typed.get(SITE_PATHS.search, { schema: { querystring: siteSearchFormSchema } }, async (request, reply) => {
    const { q, resultswithin } = request.query;
    const query = typeof q === 'string' ? q.trim() : '';
    const usable = query.length > 0 && query.length <= SITE_SEARCH.QUERY_MAX_LENGTH;
    reply.header('Cache-Control', 'no-store');
    if (resultswithin === 'gov' && usable) {
      const target = new URL(app.config.GOV_SEARCH_URL);
      target.searchParams.set(SITE_SEARCH.PARAM_QUERY, query);
      return reply.redirect(target.toString(), 303);
    }
    // A query too long for either search still goes to the results page, which says so and shows it
    // for shortening: dropping it would silently empty what the user typed.
    const params = new URLSearchParams();
    if (query.length > 0) params.set(SITE_SEARCH.PARAM_QUERY, query);
    params.set(SITE_SEARCH.PARAM_SCOPE, SITE_SEARCH.DEFAULT_SCOPE);
    return reply.redirect(`/#${ROUTES.search}?${params.toString()}`, 303);
  });
}
