-- The Idempotency-Key a caller sent with a save or a call that starts a payment, with the first
-- answer to it: the same request sent again with the same key (a retry after a lost answer, at any
-- instance) gets that answer again instead of a second contract or payment. Kept 24 hours. Only the
-- caller holds the key: a row names it by a hash, and what the row keeps is readable with the key
-- alone (an answer may carry a card's token, which is never kept readable).
CREATE TABLE idempotency_keys (
  -- The API client (its channel) and the SHA-256 of its key: keys are each caller's own.
  caller text NOT NULL,
  key_hash text NOT NULL,
  -- HMAC of the method, route, query, body and files under the key: the same key with another request is refused.
  fingerprint text NOT NULL,
  -- The first answer, its body sealed with the key (AES-256-GCM); null while its request runs.
  status smallint,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (caller, key_hash)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
