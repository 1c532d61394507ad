-- Site search (decisions.md §3): one view over everything the public may find — the e-service catalogue
-- and the content pages — each row with its weighted tsvector. Weights: e-service title A, e-service
-- description B, content heading C, content body D, so a word in an e-service's description ranks that
-- e-service above a page that merely mentions it.

-- The catalogue is another area's table: it gets an expression index rather than a new column. The
-- expression must stay identical to the one in the view below for the planner to use it.
CREATE INDEX eservices_search_idx ON eservices USING GIN (
  (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B'))
);

CREATE VIEW site_search_documents AS
  SELECT
    'eservice'::text AS kind,
    e.title,
    e.description AS body,
    '#' || e.view_route || '?app=' || e.code AS href,
    'E-services'::text AS source,
    0 AS kind_order,
    e.sort_order AS position,
    setweight(to_tsvector('english', e.title), 'A') || setweight(to_tsvector('english', e.description), 'B')
      AS document
  FROM eservices e
  WHERE e.active
  UNION ALL
  SELECT
    i.kind,
    i.heading,
    i.body,
    '#/' || i.page_slug || '#' || i.anchor,
    p.title,
    1,
    i.position,
    i.search_document
  FROM content_items i
  JOIN content_pages p ON p.slug = i.page_slug;
