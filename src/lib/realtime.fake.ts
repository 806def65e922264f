import type { BroadcastMessage, ChannelStatus, RealtimeChannelLike, RealtimeClientLike } from './realtime';

/**
 * A fake of the slice of supabase-js that realtime.ts uses, faithful to realtime-js where the
 * core depends on it: `channel()` prefixes the topic with `realtime:` and hands back an existing
 * channel of that topic; `on()` after `subscribe()` throws; broadcast bindings match the event
 * case-insensitively or by '*'; `removeChannel()` leaves, reports CLOSED to the subscribe
 * callback and forgets the channel.
 */
export class FakeChannel implements RealtimeChannelLike {
  readonly bindings: { event: string; callback: (message: BroadcastMessage) => void }[] = [];
  statusCallback: ((status: ChannelStatus, err?: Error) => void) | null = null;
  subscribed = false;
  removed = false;

  constructor(
    readonly topic: string,
    readonly config: { private: boolean },
  ) {}

  on(_type: 'broadcast', filter: { event: string }, callback: (message: BroadcastMessage) => void): this {
    if (this.subscribed) throw new Error(`cannot add \`broadcast\` callbacks for ${this.topic} after \`subscribe()\`.`);
    this.bindings.push({ event: filter.event, callback });
    return this;
  }

  subscribe(callback?: (status: ChannelStatus, err?: Error) => void): this {
    this.subscribed = true;
    this.statusCallback = callback ?? null;
    return this;
  }

  /** The server (or the socket) reports a status, as realtime-js would call the subscribe callback. */
  status(status: ChannelStatus, err?: Error): void {
    this.statusCallback?.(status, err);
  }

  /** A broadcast arrives: what realtime-js hands each matching listener. */
  broadcast(event: string, payload: unknown): void {
    for (const binding of this.bindings) {
      if (binding.event === '*' || binding.event.toLowerCase() === event.toLowerCase()) {
        binding.callback({ type: 'broadcast', event, payload });
      }
    }
  }

  /** A database broadcast as `realtime.broadcast_changes` builds it. */
  change(operation: 'INSERT' | 'UPDATE' | 'DELETE', record: unknown, oldRecord: unknown = null): void {
    this.broadcast(operation, { schema: 'public', table: 'live_items', operation, record, old_record: oldRecord, id: crypto.randomUUID() });
  }
}

export class FakeRealtimeClient implements RealtimeClientLike {
  channels: FakeChannel[] = [];
  readonly created: FakeChannel[] = [];
  readonly calls: string[] = [];

  readonly realtime = {
    setAuth: async (token?: string | null): Promise<void> => {
      this.calls.push(`setAuth(${token ?? ''})`);
    },
  };

  channel(name: string, opts: { config: { private: boolean } }): FakeChannel {
    const topic = `realtime:${name}`;
    const existing = this.channels.find((channel) => channel.topic === topic);
    if (existing) return existing;
    const channel = new FakeChannel(topic, opts.config);
    this.channels.push(channel);
    this.created.push(channel);
    this.calls.push(`channel(${name})`);
    return channel;
  }

  async removeChannel(channel: RealtimeChannelLike): Promise<'ok'> {
    const fake = channel as FakeChannel;
    this.calls.push(`removeChannel(${fake.topic.replace(/^realtime:/, '')})`);
    await Promise.resolve();
    fake.removed = true;
    this.channels = this.channels.filter((c) => c !== fake);
    fake.status('CLOSED');
    return 'ok';
  }

  /** The live (not removed) channel of a topic. */
  live(name: string): FakeChannel {
    const channel = this.channels.find((c) => c.topic === `realtime:${name}`);
    if (!channel) throw new Error(`no channel for ${name}`);
    return channel;
  }
}
