-- Renewal reminders: an SMS 30, 7 and 1 days before a policy ends. A row here is a reminder
-- enqueued; its key lets the job enqueue each (policy, days) once, whichever instance runs it, in
-- the same transaction as its outbox rows.
CREATE TABLE policy_reminders (
  policy_id uuid NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  days smallint NOT NULL CHECK (days IN (30, 7, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (policy_id, days)
);

-- The hourly round reads the policies that end within 30 days and are not cancelled.
CREATE INDEX policies_end_date_idx ON policies (end_date) WHERE revoked_at IS NULL;

-- The outbox carries SMS too (kind `sms`), sent by the SMS gateway to this phone (998 and nine
-- digits); a chat message has none.
ALTER TABLE outbox ADD COLUMN phone text;
ALTER TABLE outbox ADD CONSTRAINT outbox_sms_phone CHECK ((kind = 'sms') = (phone IS NOT NULL));
