-- The register's name search by word pairs before trigrams (docs/decisions/0043): each distinct name's words,
-- indexed so that the names holding two given words are found through the index, and the distinct words of
-- all names, whose trigram index turns a misspelt word of the query into the register's nearest word.
ALTER TABLE register_name_keys ADD COLUMN words text[] GENERATED ALWAYS AS (string_to_array(folded, ' ')) STORED;
CREATE INDEX register_name_keys_words_idx ON register_name_keys USING gin (words);

CREATE TABLE register_name_words (
  word  text PRIMARY KEY
);
INSERT INTO register_name_words SELECT DISTINCT unnest(words) FROM register_name_keys;
CREATE INDEX register_name_words_trgm_idx ON register_name_words USING gist (word gist_trgm_ops);

-- Every writer of a name key (an import, an officer's correction, the demo and the bench's bulk load) adds its
-- words here, once per statement: kept by the database, so no writer can forget it.
CREATE FUNCTION register_name_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO register_name_words (word) SELECT DISTINCT unnest(words) FROM added ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER register_name_keys_words AFTER INSERT ON register_name_keys
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION register_name_words_add();

-- Each name carries its entry's kind (individual or entity; rewritten with the names whenever the entry
-- changes), and the index on a name holds its cases in order with their kinds: the entries of the nearest
-- names are read from the index alone, in rank order, without visiting a million-row table.
ALTER TABLE register_names ADD COLUMN party_kind text;
UPDATE register_names n SET party_kind = e.party_kind FROM register_entries e WHERE e.case_number = n.case_number;
ALTER TABLE register_names ALTER COLUMN party_kind SET NOT NULL;
DROP INDEX register_names_folded_idx;
CREATE INDEX register_names_folded_idx ON register_names (folded, case_number) INCLUDE (party_kind);
