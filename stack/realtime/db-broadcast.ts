import type { StackContext } from '../http/service.ts';
import { topicKey, type TopicHub } from './hub.ts';

/** The channel realtime.messages' insert trigger notifies (stack/db/bootstrap/30_realtime.sql). */
const MESSAGES_CHANNEL = 'realtime:messages';
const RETRY_MS = 200;
/** Supabase keeps realtime.messages for three days (its janitor drops older partitions). */
const RETENTION = '72 hours';
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const MAX_ATTEMPTS = 5;

interface MessageRow {
  id: string;
  topic: string | null;
  event: string | null;
  private: boolean | null;
  payload: string | null;
}

/**
 * Broadcast from the database: realtime.send() and realtime.broadcast_changes() insert into
 * realtime.messages; Supabase streams those inserts from the WAL (Realtime.Tenants.
 * ReplicationConnection) and fans each one out as a UserBroadcast with meta {id}. Here the insert
 * trigger NOTIFYs the row id: notifications arrive after commit and in commit order, so ids are
 * read in batches and delivered strictly in arrival order; the row comes from the table, so its
 * size is not bound by NOTIFY's 8 kB.
 */
export async function listenDatabaseBroadcasts(ctx: StackContext, hub: TopicHub, maxPayloadBytes: number): Promise<() => Promise<void>> {
  const pending: string[] = [];
  let draining: Promise<void> | null = null;
  let stopped = false;

  const read = async (ids: string[]): Promise<Map<string, MessageRow>> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await ctx.db.query<MessageRow>(
          `select id::text as id, topic, event, private, payload::text as payload
             from realtime.messages where id = any ($1::uuid[]) and extension = 'broadcast'`,
          [ids],
        );
        return new Map(r.rows.map((row) => [row.id, row]));
      } catch (e) {
        if (stopped || attempt >= MAX_ATTEMPTS) throw e;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt));
      }
    }
  };

  const deliver = (row: MessageRow) => {
    // ReplicationConnection skips rows without topic, event, private or payload.
    if (row.topic === null || row.event === null || row.private === null || row.payload === null) return;
    const data = Buffer.from(row.payload, 'utf8');
    if (data.length > maxPayloadBytes) {
      ctx.log.error(`realtime: database broadcast ${row.id} on ${row.topic} exceeds the payload size limit; not sent`);
      return;
    }
    hub.broadcast(topicKey(row.private, row.topic), `realtime:${row.topic}`, {
      shape: 'user',
      userEvent: row.event,
      encoding: 'json',
      data,
      metadata: { id: row.id },
    });
  };

  const drain = async () => {
    while (pending.length > 0 && !stopped) {
      const ids = pending.splice(0, 500);
      try {
        const rows = await read(ids);
        for (const id of ids) {
          const row = rows.get(id);
          if (row) deliver(row);
        }
      } catch (e) {
        ctx.log.error(`realtime: could not read ${ids.length} database broadcast(s)`, e);
      }
    }
  };

  const schedule = () => {
    if (draining) return;
    draining = drain().finally(() => {
      draining = null;
      if (pending.length > 0 && !stopped) schedule();
    });
  };

  const unlisten = await ctx.db.listen(MESSAGES_CHANNEL, (payload) => {
    if (stopped || !/^[0-9a-f-]{36}$/i.test(payload)) return;
    pending.push(payload);
    schedule();
  });

  const prune = setInterval(() => {
    ctx.db
      .query(`delete from realtime.messages where inserted_at < now() - interval '${RETENTION}'`)
      .catch((e) => ctx.log.error('realtime: could not delete old realtime.messages', e));
  }, PRUNE_EVERY_MS);
  prune.unref();

  return async () => {
    stopped = true;
    clearInterval(prune);
    await unlisten();
    await draining;
  };
}
