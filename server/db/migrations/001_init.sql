-- Core tables of the shop: contracts and their payments, issued policies, the notification
-- outbox, and the reference data the sandbox adapters read (tariffs, countries, persons, redirects).

CREATE SEQUENCE order_id_seq START 100001;
CREATE SEQUENCE policy_number_seq START 1;

CREATE TABLE contracts (
  id uuid PRIMARY KEY,
  product text NOT NULL,
  channel text NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'awaiting_payment', 'paid', 'issued', 'cancelled')),
  amount bigint NOT NULL CHECK (amount > 0),
  request jsonb NOT NULL,
  order_id bigint NOT NULL UNIQUE DEFAULT nextval('order_id_seq'),
  return_url text NOT NULL,
  policy_number text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contracts_status_idx ON contracts (status);

-- Payme merchant transactions; times are Payme's millisecond timestamps, amounts in tiyin.
CREATE TABLE payme_transactions (
  id text PRIMARY KEY,
  transaction text NOT NULL UNIQUE,
  contract_id uuid NOT NULL REFERENCES contracts (id),
  amount bigint NOT NULL,
  state smallint NOT NULL CHECK (state IN (1, 2, -1, -2)),
  payme_time bigint NOT NULL,
  create_time bigint NOT NULL,
  perform_time bigint NOT NULL DEFAULT 0,
  cancel_time bigint NOT NULL DEFAULT 0,
  reason smallint
);
-- At most one transaction in progress per contract, even with several server instances.
CREATE UNIQUE INDEX payme_transactions_active_idx ON payme_transactions (contract_id) WHERE state = 1;
CREATE INDEX payme_transactions_create_time_idx ON payme_transactions (create_time);

CREATE TABLE policies (
  id uuid PRIMARY KEY,
  contract_id uuid NOT NULL UNIQUE REFERENCES contracts (id),
  number text NOT NULL UNIQUE,
  product text NOT NULL,
  holder text NOT NULL,
  insured jsonb NOT NULL,
  begin_date date NOT NULL,
  end_date date NOT NULL,
  premium bigint NOT NULL,
  sum_insured bigint NOT NULL,
  sum_insured_currency text NOT NULL,
  pdf bytea NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  text text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- Parts of a split message already delivered, so a retry does not repeat them.
  parts_sent integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL;

CREATE TABLE redirects (
  from_path text PRIMARY KEY,
  to_url text NOT NULL,
  status smallint NOT NULL DEFAULT 301 CHECK (status IN (301, 302))
);

CREATE TABLE tariffs (
  product text PRIMARY KEY,
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE countries (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE
);

-- The sandbox person registry (schemas/api/README.md "Sandbox data").
CREATE TABLE persons (
  passport_seria text NOT NULL,
  passport_number text NOT NULL,
  birthday date NOT NULL,
  pinfl text NOT NULL UNIQUE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  first_name_cyr text NOT NULL,
  last_name_cyr text NOT NULL,
  PRIMARY KEY (passport_seria, passport_number)
);
