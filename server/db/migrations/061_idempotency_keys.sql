-- The Idempotency-Key a caller sent with a save or a call that starts a payment, with the first
-- answer to it: the same request sent again with the same key (a retry after a lost answer, at any
-- instance) gets that answer again instead of a second contract or payment. Kept 24 hours.
CREATE TABLE idempotency_keys (
  -- The API client (its channel) and its key: keys are each caller's own.
  caller text NOT NULL,
  key text NOT NULL,
  -- SHA-256 of the method, route, query, body and files: the same key with another request is refused.
  fingerprint text NOT NULL,
  -- The first answer; null while its request runs.
  status smallint,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (caller, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
