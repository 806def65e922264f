-- no audit: api_idempotency_keys (a cache of the public API's answers kept 24 hours for retries, written only by the platform; the changes the requests made are audited where they happen)
-- The opt-out stated where both readers look: the line above for a reader of the migrations, the
-- table's comment (already set when the table was made, 20261202003000) for the database's own
-- conventions test. Nothing else changes.
comment on table public.api_idempotency_keys is
  'no audit: a cache of the public API''s answers kept 24 hours for retries, written only by the platform; the changes the requests made are audited where they happen';
