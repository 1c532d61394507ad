-- Rate This E-Service (decisions.md §3): anonymous ratings, and a per-client-address counter that limits
-- how many one address may send per window. The counter lives here, not in a process, so the limit
-- holds across every server process. Client addresses are kept only as a SHA-256 hash, never in the clear.

CREATE TABLE ratings (
  id         bigserial PRIMARY KEY,
  rating     smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment    text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ratings_created_at_idx ON ratings (created_at);

CREATE TABLE rating_rate_limits (
  client_key   text NOT NULL,          -- sha256 of the client address
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL,
  PRIMARY KEY (client_key, window_start)
);
CREATE INDEX rating_rate_limits_window_idx ON rating_rate_limits (window_start);
