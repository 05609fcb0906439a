-- The cabinet's policies: a contract is a client's when its terms name the client's phone or PINFL
-- (PolicyTerms.clientPhone, clientPinfls; server/plugins/app/cabinet-policies.ts `ownedBy`). These
-- indexes are the expressions of that predicate, so a client's list is two index scans, not a
-- scan of every contract.
CREATE INDEX contracts_client_phone_idx ON contracts ((request -> 'terms' ->> 'clientPhone'));
CREATE INDEX contracts_client_pinfls_idx ON contracts USING gin ((request -> 'terms' -> 'clientPinfls'));

-- Every policy the shop issues is a takaful contract (the insurer sells only those): flagged 1 when
-- issued, and the cabinet lists only policies flagged 1.
ALTER TABLE policies ADD COLUMN takoful smallint NOT NULL DEFAULT 1 CHECK (takoful IN (0, 1));
