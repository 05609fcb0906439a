-- The policy PDF is rendered after the payment's transaction (on its first download), not inside
-- it: a payment no longer holds its row locks (and PGlite's one connection) while a PDF is drawn.
ALTER TABLE policies ALTER COLUMN pdf DROP NOT NULL;
