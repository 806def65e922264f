import type { Queryable } from '../db/database.ts';

/**
 * The local mailbox: every message the stack "sends" lands in _stack_mail.messages, in the same
 * database, so /auth/v1 and /mail share it on both backends and it survives restarts.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  token: string | null;
}

export interface StoredMail extends OutgoingMail {
  id: string;
  created_at: string;
}

export async function deliver(tx: Queryable, mail: OutgoingMail): Promise<void> {
  await tx.query(
    'insert into _stack_mail.messages (to_address, subject, text_body, html_body, links, token) values ($1, $2, $3, $4, $5::text[], $6)',
    [mail.to, mail.subject, mail.text, mail.html, mail.links, mail.token],
  );
}

/** Newest first; `to` matches case-insensitively, as mail addresses do. */
export async function listMail(db: Queryable, to: string | null, limit = 500): Promise<StoredMail[]> {
  const r = await db.query<{ list: string }>(
    `select coalesce(json_agg(json_build_object(
        'id', m.id, 'to', m.to_address, 'subject', m.subject, 'text', m.text_body, 'html', m.html_body,
        'links', to_json(m.links), 'token', m.token,
        'created_at', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) order by m.seq desc), '[]')::text as list
       from (select * from _stack_mail.messages where $1::text is null or lower(to_address) = lower($1)
             order by seq desc limit $2) m`,
    [to, limit],
  );
  return JSON.parse(r.rows[0].list) as StoredMail[];
}

export async function clearMail(db: Queryable, to: string | null): Promise<number> {
  const r = await db.query('delete from _stack_mail.messages where $1::text is null or lower(to_address) = lower($1)', [to]);
  return r.rowCount;
}
