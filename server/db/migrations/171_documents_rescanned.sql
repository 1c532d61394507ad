-- A file kept not scanned (the embedded default without a scanner) is scanned once a scanner is configured
-- (docs/decisions/0067). Found infected, it is kept, marked so: shown to nobody, its uploader's submission
-- refused, counted among the files held back from officers.
ALTER TABLE documents DROP CONSTRAINT documents_scan_status_check;
ALTER TABLE documents ADD CONSTRAINT documents_scan_status_check
  CHECK (scan_status IN ('clean', 'not_scanned', 'infected'));
-- Every process looks for files waiting for a scan every few minutes: almost always none, read from this
-- index alone, oldest first.
CREATE INDEX documents_not_scanned_idx ON documents (uploaded_at, id) WHERE scan_status = 'not_scanned';
