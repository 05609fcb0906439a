-- Claims filed from the insurance-event form (`/insurance-event/{product}`), with their files and
-- the history of their statuses.
--
-- A claim is filed signed in (its client is the filer) or signed out by policy number with the
-- policyholder's passport and birthday (no client yet): it is always under a policy, and the
-- cabinet shows a client the claims they filed and those under policies that are theirs. So a
-- claim is keyed by its id alone, and read by (client, id) through that rule.
ALTER TABLE claims DROP CONSTRAINT claims_pkey;
ALTER TABLE claims ADD PRIMARY KEY (id);
ALTER TABLE claims ALTER COLUMN client_id DROP NOT NULL;
CREATE INDEX claims_client_idx ON claims (client_id) WHERE client_id IS NOT NULL;

-- Where the claimant is told of each status (998 and nine digits) and in which language.
ALTER TABLE claims ADD COLUMN phone text NOT NULL DEFAULT '' CHECK (phone = '' OR phone ~ '^998[0-9]{9}$');
ALTER TABLE claims ADD COLUMN lang text NOT NULL DEFAULT 'uz' CHECK (lang IN ('uz', 'en', 'ru'));
-- The form's answers as filed, by step (files appear as their references; the rows below hold them).
ALTER TABLE claims ADD COLUMN answers jsonb NOT NULL DEFAULT '{}'::jsonb;
-- The documents (their kinds) the insurer still needs before it decides.
ALTER TABLE claims ADD COLUMN documents_needed text[] NOT NULL DEFAULT '{}';
-- The decision's reason (a decline, or what an approval pays for), as the insurer wrote it.
ALTER TABLE claims ADD COLUMN decision_reason text;
-- What the insurer pays, in UZS, once approved.
ALTER TABLE claims ADD COLUMN payout_amount bigint CHECK (payout_amount IS NULL OR payout_amount > 0);
-- The day by which the insurer decides.
ALTER TABLE claims ADD COLUMN answer_by date;

-- A claim's files: sent with the form or added later from the cabinet. Never served publicly: to
-- the claim's client and to the back office only.
CREATE TABLE claim_files (
  id uuid PRIMARY KEY,
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  -- The document it is (`ClaimDocument.kind`: the form field's name, `photos`).
  kind text NOT NULL,
  filename text NOT NULL,
  -- The type read from the file's content, not the one the client claimed.
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  sha256 text NOT NULL,
  store text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claim_files_claim_idx ON claim_files (claim_id, created_at);

-- The bytes of a claim file the database store keeps.
CREATE TABLE claim_file_data (
  file_id uuid PRIMARY KEY REFERENCES claim_files (id) ON DELETE CASCADE,
  data bytea NOT NULL
);

-- Every status a claim went through, with when and why: the cabinet's timeline. The first row is
-- `received`, written with the claim.
CREATE TABLE claim_events (
  id bigserial PRIMARY KEY,
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  status text NOT NULL
    CHECK (status IN ('received', 'documents_requested', 'under_review', 'approved', 'declined', 'paid')),
  -- The reason given with it (a decline's), or null.
  reason text,
  -- The documents asked for with `documents_requested`.
  documents text[] NOT NULL DEFAULT '{}',
  -- The amount approved or paid, in UZS.
  amount bigint,
  -- Who moved it: `claimant` (filing, or sending the documents asked for) or `back_office`.
  actor text NOT NULL CHECK (actor IN ('claimant', 'back_office')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claim_events_claim_idx ON claim_events (claim_id, id);
