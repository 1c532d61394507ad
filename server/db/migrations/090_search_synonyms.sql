-- Site search synonyms (docs/decisions/0034): people search with the abbreviations they know ("OTP",
-- "NRIC", "UEN") while the pages spell them out ("one-time password", "identification number"). Each
-- row names a word and what it stands for, as a websearch query; the search rewrites the word in the
-- parsed query into "the word OR what it stands for" (ts_rewrite over view search_rewrites), so the
-- pages are found and the spelled-out words are highlighted. An operator adds a row; nothing to rebuild.

CREATE TABLE search_synonyms (
  term    text PRIMARY KEY CHECK (term ~ '^[a-z0-9]{1,20}$'),
  meaning text NOT NULL CHECK (char_length(meaning) BETWEEN 1 AND 200)
);

INSERT INTO search_synonyms (term, meaning) VALUES
  ('otp',  '"one-time password" OR "one time password"'),
  ('2fa',  '"one-time password" OR "two-factor"'),
  ('sms',  '"text message" OR "mobile number"'),
  ('nric', '"identification number" OR "identity card"'),
  ('fin',  '"foreign identification number" OR "identification number"'),
  ('uen',  '"unique entity number" OR "registration number"'),
  ('faq',  '"frequently asked questions"'),
  ('oa',   '"official assignee"');

-- The rows as ts_rewrite reads them: the word's query, and the word or its meaning.
CREATE VIEW search_rewrites AS
  SELECT to_tsquery('english', s.term) AS target,
         to_tsquery('english', s.term) || websearch_to_tsquery('english', s.meaning) AS substitute
    FROM search_synonyms s
   WHERE numnode(to_tsquery('english', s.term)) > 0;
