import { BroadcastFrames, encodeFastlaneJson, type BroadcastMessage, type Frame, type Vsn } from './protocol.ts';
import { wireFrame } from './ws-frame.ts';

/** A joined channel as the hub sees it: where to write, and what its policies let it receive. */
export interface HubSubscriber {
  readonly vsn: Vsn;
  readonly topic: string;
  /** False for a private channel whose select policy shows no broadcast (joined for presence only). */
  readonly receivesBroadcast: boolean;
  readonly receivesPresence: boolean;
  send(frame: Frame): void;
  /** A whole websocket frame, already encoded and framed, shared with other subscribers. */
  sendWire(wire: Buffer): void;
}

/**
 * Who is subscribed to which topic. Public and private topics of the same name are separate
 * (Supabase's tenant_topic: `<tenant>:<topic>` vs `<tenant>-private:<topic>`): a private message
 * reaches only private channels, a public one only public channels.
 */
export function topicKey(isPrivate: boolean, subTopic: string): string {
  return (isPrivate ? 'private:' : 'public:') + subTopic;
}

export class TopicHub {
  private readonly topics = new Map<string, Set<HubSubscriber>>();

  add(key: string, sub: HubSubscriber): void {
    let set = this.topics.get(key);
    if (!set) {
      set = new Set();
      this.topics.set(key, set);
    }
    set.add(sub);
  }

  remove(key: string, sub: HubSubscriber): void {
    const set = this.topics.get(key);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.topics.delete(key);
  }

  subscribers(key: string): ReadonlySet<HubSubscriber> {
    return this.topics.get(key) ?? new Set();
  }

  /** Fan-out without per-subscriber work: each frame is encoded and framed once per protocol version. */
  broadcast(key: string, joinTopic: string, message: BroadcastMessage, except?: HubSubscriber): number {
    const set = this.topics.get(key);
    if (!set) return 0;
    const frames = new BroadcastFrames(message, joinTopic);
    let sent = 0;
    for (const sub of set) {
      if (sub === except || !sub.receivesBroadcast) continue;
      const wire = frames.wire(sub.vsn);
      if (wire === null) continue;
      sub.sendWire(wire);
      sent++;
    }
    return sent;
  }

  presenceDiff(key: string, joinTopic: string, diffJson: string): void {
    const set = this.topics.get(key);
    if (!set) return;
    const wires: Partial<Record<Vsn, Buffer>> = {};
    for (const sub of set) {
      if (!sub.receivesPresence) continue;
      sub.sendWire((wires[sub.vsn] ??= wireFrame(encodeFastlaneJson(sub.vsn, joinTopic, 'presence_diff', diffJson))));
    }
  }
}
