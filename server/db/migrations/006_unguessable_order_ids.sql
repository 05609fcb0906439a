-- Order numbers are drawn at random (16 digits, server/plugins/app/contracts.ts) instead of counting
-- up: a check by order number answers a policy and its PDF, and the credentials that may ask are
-- compiled into the site's pages, so a number must not be guessable from one's own.
ALTER TABLE contracts ALTER COLUMN order_id DROP DEFAULT;
