-- Referrals and the phone change of the customer cabinet.
--
-- Every client's referral code (8 characters of base32, 40 random bits: too many to try one by one)
-- is kept in a table of its own, made the first time the client asks for it; a contract saved by a
-- visitor who arrived through a code names the client it came from. A client who is deleted leaves
-- the contracts, no longer counted for anyone.
CREATE TABLE referral_codes (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z2-7]{8}$'),
  client_id uuid NOT NULL UNIQUE REFERENCES clients (id) ON DELETE CASCADE
);

ALTER TABLE contracts ADD COLUMN referrer_client_id uuid REFERENCES clients (id) ON DELETE SET NULL;
CREATE INDEX contracts_referrer_idx ON contracts (referrer_client_id) WHERE referrer_client_id IS NOT NULL;

-- A code sent to change a signed-in client's phone: the client who asked and the new number it is
-- sent to (applied once the code is entered). Such a code never signs in, and a sign-in code never
-- changes a phone: a sign-in code has neither.
ALTER TABLE sign_in_codes ADD COLUMN client_id uuid REFERENCES clients (id) ON DELETE CASCADE;
ALTER TABLE sign_in_codes ADD COLUMN new_phone text;
ALTER TABLE sign_in_codes ADD CONSTRAINT sign_in_codes_change_check CHECK ((client_id IS NULL) = (new_phone IS NULL));
CREATE INDEX sign_in_codes_client_idx ON sign_in_codes (client_id) WHERE client_id IS NOT NULL;
