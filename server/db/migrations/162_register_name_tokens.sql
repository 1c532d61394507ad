-- The register's name search by every word typed (docs/decisions/0043): a name's tokens are its words, and a
-- word's second (third…) occurrence once more as WORD*2 (WORD*3…), so that `HWEE HWEE TOH` is found through
-- the index as a name holding HWEE twice, not among every name holding HWEE and TOH. `*` never occurs in a
-- folded name (letters, digits and single spaces). The tokens replace the words in the GIN index: every
-- word is a token, so the word-pair and any-word steps use the same index.
CREATE FUNCTION register_name_tokens(folded text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(CASE WHEN n = 1 THEN w ELSE w || '*' || n END)
    FROM (SELECT w, row_number() OVER (PARTITION BY w) AS n FROM unnest(string_to_array(folded, ' ')) AS w) t
$$;
DROP INDEX register_name_keys_words_idx;
CREATE INDEX register_name_keys_tokens_idx ON register_name_keys USING gin (register_name_tokens(folded));
