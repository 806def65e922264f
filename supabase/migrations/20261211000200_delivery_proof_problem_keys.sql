-- The proof of delivery's refusals carry stable keys (supabase/README.md, "Refusals and their keys"),
-- so the driver app shows a refused completion in the driver's language instead of the English.
-- Written out whole from its current definition (20261125001040_delivery_proof.sql); only how a
-- refusal is built and raised changes: the same fields, English words, order and SQLSTATE (23514).

-- Delivered needs the tenant's required proof, and the files must be the delivery's own. Checked
-- on every move to delivered made for an API caller (the seed's history is written as the owner).
create or replace function private.check_delivery_proof() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted jsonb;
  problems jsonb := '[]'::jsonb;
  folder text := new.tenant_id::text || '/' || new.id::text || '/';
  ref text;
begin
  if current_setting('role', true) not in ('authenticated', 'anon', 'service_role') then
    return new;
  end if;
  wanted := private.delivery_settings(new.tenant_id) -> 'proof';
  if wanted ->> 'signature' = 'required' and coalesce(new.proof ->> 'signature_url', '') = '' then
    problems := problems || private.problem('proof.signature_required', 'proof.signature_url', 'A signature is required');
  end if;
  if wanted ->> 'photo' = 'required' and coalesce(jsonb_array_length(case when jsonb_typeof(new.proof -> 'photo_urls') = 'array' then new.proof -> 'photo_urls' end), 0) = 0 then
    problems := problems || private.problem('proof.photo_required', 'proof.photo_urls', 'A photo is required');
  end if;
  if wanted ->> 'recipient_name' = 'required' and btrim(coalesce(new.proof ->> 'recipient_name', '')) = '' then
    problems := problems || private.problem('proof.recipient_name_required', 'proof.recipient_name', 'The recipient''s name is required');
  end if;
  if wanted ->> 'notes' = 'required' and btrim(coalesce(new.proof ->> 'notes', '')) = '' then
    problems := problems || private.problem('proof.notes_required', 'proof.notes', 'Notes are required');
  end if;
  for ref in
    select new.proof ->> 'signature_url' where new.proof ? 'signature_url'
    union all
    select u #>> '{}' from jsonb_array_elements(case when jsonb_typeof(new.proof -> 'photo_urls') = 'array' then new.proof -> 'photo_urls' else '[]'::jsonb end) u
  loop
    if ref is null or not starts_with(ref, folder) or substr(ref, length(folder) + 1) !~ '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$' then
      problems := problems || private.problem('proof.file_outside_folder', 'proof',
        'Proof files must be uploaded to this delivery''s folder of the proofs bucket');
      exit;
    end if;
  end loop;
  perform private.raise_problems(problems);
  return new;
end;
$$;
revoke all on function private.check_delivery_proof() from public;
