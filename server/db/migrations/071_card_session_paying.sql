-- When a request began paying with a card's token (its SMS code verified, a receipt made and paid):
-- the same code sent again at that moment, at this instance or another, waits for that payment's
-- outcome instead of making and paying a receipt of its own, so a card is debited once. Null while
-- no request is paying with it; a claim older than twice a request's time is abandoned.
ALTER TABLE card_sessions ADD COLUMN paying_since timestamptz;
