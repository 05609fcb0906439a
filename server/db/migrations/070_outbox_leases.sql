-- Whose claim a row is under: the instance that claimed it checks, just before each send, that it
-- still holds the row (and extends the lease), so a batch that outlives its lease is finished by
-- another instance instead of being sent twice.
ALTER TABLE outbox ADD COLUMN lease uuid;

-- A wait the Bot API asked for (a 429's retry_after) holds for the bot, so for every instance
-- that sends as it: the bot is named by a hash of its token, never the token.
CREATE TABLE bot_waits (
  bot text PRIMARY KEY,
  until timestamptz NOT NULL
);
