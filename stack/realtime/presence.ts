import { randomBytes } from 'node:crypto';

/**
 * Phoenix.Presence state of one topic, as Phoenix.Presence.group/1 shapes it:
 * `{ [key]: { metas: [{ ...payload, phx_ref }] } }`. Each channel holds at most one presence (its
 * presence key); several channels may share a key (one user on two tabs).
 */
export type PresenceMeta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceState = Record<string, { metas: PresenceMeta[] }>;
export interface PresenceDiff {
  joins: PresenceState;
  leaves: PresenceState;
}

function newRef(): string {
  return 'F' + randomBytes(9).toString('base64url');
}

function single(key: string, meta: PresenceMeta): PresenceState {
  return { [key]: { metas: [meta] } };
}

class PresenceTopic {
  private readonly entries = new Map<object, { key: string; meta: PresenceMeta }>();

  get size(): number {
    return this.entries.size;
  }

  state(): PresenceState {
    const out: PresenceState = {};
    for (const { key, meta } of this.entries.values()) (out[key] ??= { metas: [] }).metas.push(meta);
    return out;
  }

  /** Track, or update the owner's presence (Presence.update: the new meta joins, the old one leaves). */
  track(owner: object, key: string, payload: Record<string, unknown>): PresenceDiff {
    const previous = this.entries.get(owner);
    const meta: PresenceMeta = { ...payload, phx_ref: newRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    this.entries.set(owner, { key, meta });
    return { joins: single(key, meta), leaves: previous ? single(previous.key, previous.meta) : {} };
  }

  untrack(owner: object): PresenceDiff | null {
    const previous = this.entries.get(owner);
    if (!previous) return null;
    this.entries.delete(owner);
    return { joins: {}, leaves: single(previous.key, previous.meta) };
  }
}

/** Every topic's presences; topics are the hub's keys (public and private topics apart). */
export class PresenceRegistry {
  private readonly topics = new Map<string, PresenceTopic>();

  state(topicKey: string): PresenceState {
    return this.topics.get(topicKey)?.state() ?? {};
  }

  track(topicKey: string, owner: object, key: string, payload: Record<string, unknown>): PresenceDiff {
    let topic = this.topics.get(topicKey);
    if (!topic) {
      topic = new PresenceTopic();
      this.topics.set(topicKey, topic);
    }
    return topic.track(owner, key, payload);
  }

  untrack(topicKey: string, owner: object): PresenceDiff | null {
    const topic = this.topics.get(topicKey);
    if (!topic) return null;
    const diff = topic.untrack(owner);
    if (topic.size === 0) this.topics.delete(topicKey);
    return diff;
  }
}
