-- Referrals and the phone change of the customer cabinet.

-- A code sent to change a signed-in client's phone: the client who asked and the new number it is
-- sent to (applied once the code is entered). Such a code never signs in, and a sign-in code never
-- changes a phone: a sign-in code has neither.
ALTER TABLE sign_in_codes ADD COLUMN client_id uuid REFERENCES clients (id) ON DELETE CASCADE;
ALTER TABLE sign_in_codes ADD COLUMN new_phone text;
ALTER TABLE sign_in_codes ADD CONSTRAINT sign_in_codes_change_check CHECK ((client_id IS NULL) = (new_phone IS NULL));
CREATE INDEX sign_in_codes_client_idx ON sign_in_codes (client_id) WHERE client_id IS NOT NULL;
