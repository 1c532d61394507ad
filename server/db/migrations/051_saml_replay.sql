-- SAML single sign-on: the AuthnRequest ids this service issued (an answer must be InResponseTo one
-- of them, once, before it expires) and the assertion ids already accepted (each is good once).
CREATE TABLE saml_requests (
  id         text PRIMARY KEY,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX saml_requests_expires_idx ON saml_requests (expires_at);

CREATE TABLE saml_assertions (
  id          text PRIMARY KEY,
  accepted_at timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX saml_assertions_expires_idx ON saml_assertions (expires_at);
