-- Site search synonyms for words the English stemmer splits from their own noun (docs/decisions/0034, 0112):
-- "bankrupt" is bankrupt and "bankruptcy" bankruptci, so "bankrupt" did not find Bankruptcy Information
-- Search, and neither found Personal Insolvency Search, which says "insolvency". Found by stemming the
-- catalogue's words (to_tsvector('english', …) of its titles and descriptions) and pairing the stems that one
-- word begins: the pairs a person types either way. "insolvency" stands for "insolvent" too (both insolv).

INSERT INTO search_synonyms (term, meaning) VALUES
  ('bankrupt',     'bankruptcy OR insolvency'),
  ('bankruptcy',   'bankrupt OR insolvency'),
  ('insolvency',   'bankruptcy OR bankrupt'),
  ('apply',        'application'),
  ('application',  'apply'),
  ('notify',       'notification'),
  ('notification', 'notify')
-- An operator may have added one of these words already (migration 090 invites them to): theirs stays.
ON CONFLICT (term) DO NOTHING;
