-- The cabinet's claims (its applications): one row per claim a client filed, always read through
-- its client (the key is (client_id, id)), so one client's id never finds another's claim. The
-- claim form that files them comes with the claims issue; the cabinet lists them now.

CREATE SEQUENCE claim_number_seq START 1;

CREATE TABLE claims (
  id uuid NOT NULL,
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  -- What the client and the staff call the claim by (the claims issue draws it from claim_number_seq).
  number text NOT NULL UNIQUE,
  -- The product folder (`osago`) of the policy claimed under.
  product text NOT NULL,
  -- The policy claimed under, when the client chose one of theirs.
  policy_id uuid REFERENCES policies (id),
  -- The day of the insured event.
  event_date date NOT NULL,
  claim_status text NOT NULL DEFAULT 'received'
    CHECK (claim_status IN ('received', 'documents_requested', 'under_review', 'approved', 'declined', 'paid')),
  -- What happened, in the client's words.
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE INDEX claims_client_event_idx ON claims (client_id, event_date DESC, created_at DESC);
CREATE INDEX claims_policy_idx ON claims (policy_id) WHERE policy_id IS NOT NULL;
