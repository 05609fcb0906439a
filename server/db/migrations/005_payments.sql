-- Payments of every provider other than Payme's merchant API (which keeps payme_transactions, its
-- own protocol's record): one row per payment, known to its provider by `reference`. A contract is
-- paid by one payment only; a second one that took money anyway is refunded and says so.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  contract_id uuid NOT NULL REFERENCES contracts (id),
  provider text NOT NULL,
  reference text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  state text NOT NULL CHECK (state IN ('created', 'paid', 'failed', 'refunded')),
  -- What the provider told of it (a masked card, a prepare id); never a card number or a token.
  detail jsonb NOT NULL DEFAULT '{}',
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, reference)
);
CREATE INDEX payments_contract_idx ON payments (contract_id);
-- The reconciliation job asks providers about payments still open.
CREATE INDEX payments_open_idx ON payments (created_at) WHERE state = 'created';

-- A card waiting for its SMS code (Payme's Subscribe API): bound to the contract it pays, its
-- token kept only as a hash, gone once the receipt is paid or the session ends.
CREATE TABLE card_sessions (
  token_hash text PRIMARY KEY,
  contract_id uuid NOT NULL REFERENCES contracts (id),
  card text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE INDEX card_sessions_expires_idx ON card_sessions (expires_at);

-- The visitor's acceptance of the contract's terms on the payment step, and in which language.
ALTER TABLE contracts ADD COLUMN terms_accepted_at timestamptz;
ALTER TABLE contracts ADD COLUMN terms_lang text CHECK (terms_lang IN ('uz', 'en', 'ru'));

-- What the sandbox providers keep on their side (cards, receipts, invoices, payment pages), so the
-- sandbox speaks each provider's protocol across several server instances; unused with real providers.
CREATE TABLE sandbox_provider_state (
  provider text NOT NULL,
  reference text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, reference)
);
