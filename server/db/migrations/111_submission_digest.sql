-- The SHA-256 of what was submitted (answers, form version, each file's own hash), fixed at submission and
-- printed on the acknowledgement (server/pdf/acknowledgement.ts), so a PDF downloaded again says the same.
ALTER TABLE cases ADD COLUMN submitted_digest text;
