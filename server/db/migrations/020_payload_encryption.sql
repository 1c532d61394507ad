-- Payload encryption (contract/crypto, docs/decisions): the server's RSA-OAEP key pair, generated on
-- first use and shared by every server process, and the replay guard's memory of requests seen.

-- One current key. The first process to need it inserts it; the others read the same row.
CREATE TABLE payload_keys (
  slot        smallint PRIMARY KEY DEFAULT 1 CHECK (slot = 1),
  kid         text NOT NULL,
  public_jwk  jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- SHA-256 of each accepted request's wrappedKey and iv, kept while its timestamp could still pass.
CREATE TABLE payload_replays (
  digest     text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX payload_replays_expires_idx ON payload_replays (expires_at);
