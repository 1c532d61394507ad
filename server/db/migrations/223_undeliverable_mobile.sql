-- A mobile number the SMS gateway refused for good (a 4xx answer that is not about the portal's credentials or
-- address, nor "not now"): when, and the gateway's status. Kept by the number, digits only, whoever's it is (an
-- account's or a profile's), so that a number changed since is not the one refused. Deleted when an SMS to the
-- number is taken again (docs/decisions/0100, amended 2026-11-29).
CREATE TABLE undeliverable_mobiles (
  mobile      text PRIMARY KEY,
  refused_at  timestamptz NOT NULL,
  http_status integer NOT NULL
);
