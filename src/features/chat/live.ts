import type { RealtimeChannel } from '@supabase/supabase-js';
import type { ConnectionState } from '../../lib/realtime';
import { supabase } from '../../lib/supabase';

/**
 * Chat's private topics: `conversation:<id>` (each message as realtime.broadcast_changes' INSERT)
 * and `tenant:<tenant>:inbox:<user>` (a `message` event per message someone else writes). Several
 * parts of the screen follow the same topic at once (the header's badge and the drawer's list, a
 * delivery's button and its open conversation), and realtime-js hands out one channel per topic,
 * so each topic has one channel here with any number of listeners, left shortly after the last
 * one goes (StrictMode and a quick reopen do not rejoin).
 *
 * Broadcast has no replay: `onJoined` runs after every join and rejoin, so a listener reads again
 * what it may have missed.
 */

export interface TopicListener {
  onMessage: (event: string, payload: unknown) => void;
  onJoined?: () => void;
  onState?: (state: ConnectionState) => void;
}

interface Entry {
  topic: string;
  events: readonly string[];
  listeners: Set<TopicListener>;
  channel: RealtimeChannel | null;
  state: ConnectionState;
  lingerTimer: ReturnType<typeof setTimeout> | null;
  rejoinTimer: ReturnType<typeof setTimeout> | null;
  generation: number;
}

const LINGER_MS = 1500;
const entries = new Map<string, Entry>();
/** Per topic, the removal of its previous channel: a new join waits for it. */
const leaving = new Map<string, Promise<void>>();

export function conversationTopic(conversationId: string): string {
  return `conversation:${conversationId}`;
}

export function inboxTopic(tenantId: string, userId: string): string {
  return `tenant:${tenantId}:inbox:${userId}`;
}

function setState(entry: Entry, state: ConnectionState): void {
  entry.state = state;
  for (const listener of entry.listeners) listener.onState?.(state);
}

async function join(entry: Entry): Promise<void> {
  const generation = ++entry.generation;
  await (leaving.get(entry.topic) ?? Promise.resolve());
  try {
    await supabase.realtime.setAuth();
  } catch {
    // The join's own status says whether the current token was enough.
  }
  if (generation !== entry.generation || entry.listeners.size === 0) return;
  const channel = supabase.channel(entry.topic, { config: { private: true } });
  for (const event of entry.events) {
    channel.on('broadcast', { event }, (message: { event?: string; payload?: unknown }) => {
      if (entry.channel !== channel) return;
      for (const listener of [...entry.listeners]) listener.onMessage(message.event ?? event, message.payload);
    });
  }
  entry.channel = channel;
  channel.subscribe((status) => {
    if (entry.channel !== channel) return;
    if (status === 'SUBSCRIBED') {
      setState(entry, 'live');
      for (const listener of [...entry.listeners]) listener.onJoined?.();
      return;
    }
    setState(entry, 'offline');
    if (status === 'CLOSED') {
      // The server ended it (e.g. the token lost access for a moment): join afresh while wanted.
      entry.channel = null;
      void supabase.removeChannel(channel);
      entry.rejoinTimer = setTimeout(() => {
        entry.rejoinTimer = null;
        if (entry.listeners.size > 0 && !entry.channel) {
          setState(entry, 'connecting');
          void join(entry);
        }
      }, 2000);
    }
  });
}

function leave(entry: Entry): void {
  entry.generation += 1;
  entries.delete(entry.topic);
  if (entry.rejoinTimer) clearTimeout(entry.rejoinTimer);
  const channel = entry.channel;
  entry.channel = null;
  if (channel) {
    const previous = leaving.get(entry.topic) ?? Promise.resolve();
    leaving.set(
      entry.topic,
      previous.then(() => supabase.removeChannel(channel)).then(
        () => undefined,
        () => undefined,
      ),
    );
  }
}

/** Listens to a topic's events until the returned function is called. */
export function followTopic(topic: string, events: readonly string[], listener: TopicListener): () => void {
  let entry = entries.get(topic);
  if (!entry) {
    entry = { topic, events, listeners: new Set(), channel: null, state: 'connecting', lingerTimer: null, rejoinTimer: null, generation: 0 };
    entries.set(topic, entry);
  }
  const current = entry;
  if (current.lingerTimer) {
    clearTimeout(current.lingerTimer);
    current.lingerTimer = null;
  }
  current.listeners.add(listener);
  listener.onState?.(current.state);
  if (current.listeners.size === 1 && !current.channel && current.generation === 0) void join(current);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
    current.lingerTimer = setTimeout(() => {
      current.lingerTimer = null;
      if (current.listeners.size === 0) leave(current);
    }, LINGER_MS);
  };
}
