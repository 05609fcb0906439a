-- The customer cabinet's sign-in: clients, the codes sent by SMS, the counters that limit them, and
-- sessions. Every limit is a row changed by one statement (INSERT … ON CONFLICT … WHERE, UPDATE …
-- WHERE … RETURNING), so instances sharing the database enforce them together. A phone in the
-- counters and codes is named by an HMAC (the server's key), and a code or token is kept only as
-- an HMAC or a hash: none can be read back from the database.

CREATE TABLE clients (
  id uuid PRIMARY KEY,
  -- 998 and nine digits, verified by a code.
  phone text NOT NULL UNIQUE,
  pinfl text NOT NULL UNIQUE,
  passport_seria text NOT NULL,
  passport_number text NOT NULL,
  birthday date NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text,
  lang text NOT NULL DEFAULT 'uz' CHECK (lang IN ('uz', 'en', 'ru')),
  terms_accepted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per phone that asked for a code: the codes sent in the current 10-minute and 24-hour
-- windows, the last send (a resend waits 60 s), the wrong entries in a row and the lock they led to.
CREATE TABLE sign_in_phones (
  phone_key text PRIMARY KEY,
  last_code_at timestamptz,
  window_start timestamptz,
  window_codes integer NOT NULL DEFAULT 0,
  day_start timestamptz,
  day_codes integer NOT NULL DEFAULT 0,
  failures integer NOT NULL DEFAULT 0,
  -- How many locks the failures led to since the last sign-in: 15 minutes doubling to an hour.
  locks integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);

-- Codes asked for from one address in the current minute.
CREATE TABLE sign_in_addresses (
  address text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  codes integer NOT NULL DEFAULT 0
);

-- A code sent, bound to its phone and to the request that asked for it (the id the answer gave).
-- Once the right code is entered, the row holds a ticket (its hash) that check_register or
-- register-person spend once.
CREATE TABLE sign_in_codes (
  id uuid PRIMARY KEY,
  phone_key text NOT NULL,
  code_hmac text NOT NULL,
  wrong integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  ticket_hash text UNIQUE,
  ticket_expires_at timestamptz,
  ticket_spent_at timestamptz
);
CREATE INDEX sign_in_codes_created_idx ON sign_in_codes (created_at);

-- A signed-in client's session: the SHA-256 of its token, its idle and absolute ends.
CREATE TABLE client_sessions (
  token_hash text PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX client_sessions_client_idx ON client_sessions (client_id);
CREATE INDEX client_sessions_expires_idx ON client_sessions (expires_at);
