-- Supporting documents of e-service records (docs/decisions/0037-documents-in-the-database.md).
-- Files live in the database so every server process sees them; they belong to their record and go
-- with it. A file found infected is never stored. scan_status says whether a scanner has passed it:
-- 'clean', or 'not_scanned' when the embedded default runs without one (shown only to its uploader).
CREATE TABLE documents (
  id           uuid PRIMARY KEY,
  case_id      bigint NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  field_name   text NOT NULL,
  file_name    text NOT NULL,
  media_type   text NOT NULL,
  size_bytes   integer NOT NULL CHECK (size_bytes > 0),
  sha256       text NOT NULL,
  content      bytea NOT NULL,
  scan_status  text NOT NULL CHECK (scan_status IN ('clean', 'not_scanned')),
  uploaded_by  bigint NOT NULL REFERENCES accounts (id),
  uploaded_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_case_idx ON documents (case_id, field_name, uploaded_at);
