-- Paynet's provider protocol answers each performed transaction with our own number for it
-- (`providerTrnId`, a number in Paynet's format, where our payments have UUIDs): drawn from this
-- sequence when Paynet's PerformTransaction first arrives, and kept in the payment's `detail`.
CREATE SEQUENCE paynet_provider_trn_seq;

-- GetStatement lists the Paynet payments performed (and not cancelled) in a period: paid rows
-- keep the time they were paid in `updated_at` until a cancellation changes their state.
CREATE INDEX payments_paynet_paid_idx ON payments (updated_at) WHERE provider = 'paynet' AND state = 'paid';
