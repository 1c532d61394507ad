-- The finance screen lists the credits a person matched or marked lately, newest first, so a wrong decision
-- can be undone (docs/decisions/0071): without this index each load would sort every credit ever decided.
CREATE INDEX statement_lines_resolved_idx ON statement_lines (resolved_at DESC, id DESC)
  WHERE status IN ('matched', 'marked');
