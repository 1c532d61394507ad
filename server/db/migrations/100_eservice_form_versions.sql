-- Versioned form definitions (docs/decisions/0035-form-model-v2.md). A definition, once published, is
-- never changed: a change is a new version. The catalogue points at its current version; a record
-- keeps the version it was filled in under and is checked against that one only, so publishing a new
-- version never re-validates or corrupts older records.
CREATE TABLE eservice_form_versions (
  code       text NOT NULL REFERENCES eservices (code),
  version    integer NOT NULL CHECK (version >= 1),
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (code, version)
);

-- Version 1 of every form is the flat definition of before (migration 040 and its later fixes), which
-- the server reads as one page; records so far were filled in under it.
INSERT INTO eservice_form_versions (code, version, definition)
  SELECT code, 1, form FROM eservices;

ALTER TABLE eservices ADD COLUMN form_version integer NOT NULL DEFAULT 1;
ALTER TABLE eservices ALTER COLUMN form_version DROP DEFAULT;
ALTER TABLE eservices ADD CONSTRAINT eservices_form_version_fkey
  FOREIGN KEY (code, form_version) REFERENCES eservice_form_versions (code, version);
COMMENT ON COLUMN eservices.form IS 'Superseded by eservice_form_versions (version form_version); kept as version 1 was.';

ALTER TABLE cases ADD COLUMN form_version integer NOT NULL DEFAULT 1;
ALTER TABLE cases ALTER COLUMN form_version DROP DEFAULT;
ALTER TABLE cases ADD CONSTRAINT cases_form_version_fkey
  FOREIGN KEY (app_code, form_version) REFERENCES eservice_form_versions (code, version);

-- A record inserted without a version (the seed, the benches) is filled in under the current one.
CREATE FUNCTION cases_current_form_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.form_version IS NULL THEN
    SELECT form_version INTO NEW.form_version FROM eservices WHERE code = NEW.app_code;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER cases_current_form_version
  BEFORE INSERT ON cases
  FOR EACH ROW EXECUTE FUNCTION cases_current_form_version();

-- A published definition is immutable: records filled in under it are read against it for good.
CREATE FUNCTION eservice_form_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'form version %/% is published and cannot be changed; publish a new version', OLD.code, OLD.version;
END;
$$;
CREATE TRIGGER eservice_form_versions_immutable
  BEFORE UPDATE OR DELETE ON eservice_form_versions
  FOR EACH ROW EXECUTE FUNCTION eservice_form_versions_immutable();
