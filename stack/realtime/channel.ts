import { randomUUID } from 'node:crypto';
import type { StackContext } from '../http/service.ts';
import { PolicyError, readPolicies, writePolicy, type CallerIdentity, type Extension, type ReadPolicies } from './authorization.ts';
import type { RealtimeLimits } from './config.ts';
import { topicKey, type HubSubscriber, type TopicHub } from './hub.ts';
import { bindingId, subscriptionOf, type ChangeBinding, type ChangeSubscriber, type PostgresChanges } from './postgres-changes.ts';
import type { PresenceRegistry } from './presence.ts';
import {
  BinaryPayload,
  encodePush,
  encodeReply,
  fitsBinaryFrame,
  type BroadcastMessage,
  type Frame,
  type InboundMessage,
  type Ref,
  type UserBroadcastPayload,
  type Vsn,
} from './protocol.ts';
import { TokenError, verifyAccessToken, type VerifiedToken } from './tokens.ts';

/** What every channel of the server shares. */
export interface RealtimeRuntime {
  ctx: StackContext;
  limits: RealtimeLimits;
  hub: TopicHub;
  presence: PresenceRegistry;
  changes: PostgresChanges;
}

/** The socket a channel lives on. */
export interface ChannelTransport {
  readonly vsn: Vsn;
  /** The apikey the socket connected with: the token of channels that send none (tenant_token). */
  readonly apikey: string;
  send(frame: Frame): void;
  /** A whole websocket frame built once for many sockets (see ws-frame.ts). */
  sendWire(wire: Buffer): void;
  /** The channel ended: forget it. */
  detach(channel: ChannelSession): void;
}

/** Supabase caps the confirm_token timer at an hour: a far `exp` is re-checked hourly. */
const CONFIRM_TOKEN_MAX_MS = 60 * 60 * 1000;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof BinaryPayload);
}

function isUserBroadcast(v: unknown): v is UserBroadcastPayload {
  return typeof v === 'object' && v !== null && 'userEvent' in v && 'data' in v && Buffer.isBuffer((v as UserBroadcastPayload).data);
}

interface Policies extends ReadPolicies {
  /** Write policies are probed on the first message that needs them, then cached (undefined: not yet). */
  write: Partial<Record<Extension, boolean>>;
}

interface JoinOptions {
  subTopic: string;
  isPrivate: boolean;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  bindings: Array<ChangeBinding & { params: Json }>;
}

/**
 * One joined channel (RealtimeWeb.RealtimeChannel): its options, the caller's token and claims,
 * its policies, and its subscriptions to the topic, presence and postgres_changes.
 */
export class ChannelSession implements HubSubscriber, ChangeSubscriber {
  readonly subTopic: string;
  readonly isPrivate: boolean;
  readonly key: string;
  readonly bindings: ChangeBinding[];
  /** The join reply's response: the postgres_changes bindings echoed in order, each with its id. */
  readonly replyPayload: Json;
  private readonly selfBroadcast: boolean;
  private readonly ackBroadcast: boolean;
  private readonly presenceKey: string;
  private presenceEnabled: boolean;
  private closed = false;
  private confirmTimer: NodeJS.Timeout | null = null;
  private presenceWindow = { start: 0, count: 0 };

  private constructor(
    private readonly rt: RealtimeRuntime,
    private readonly transport: ChannelTransport,
    readonly topic: string,
    readonly joinRef: Ref,
    private token: VerifiedToken,
    private policies: Policies | null,
    options: JoinOptions,
  ) {
    this.subTopic = options.subTopic;
    this.isPrivate = options.isPrivate;
    this.key = topicKey(options.isPrivate, options.subTopic);
    this.selfBroadcast = options.selfBroadcast;
    this.ackBroadcast = options.ackBroadcast;
    this.presenceKey = options.presenceKey;
    this.presenceEnabled = options.presenceEnabled;
    this.bindings = options.bindings.map(({ id, sub }) => ({ id, sub }));
    this.replyPayload = { postgres_changes: options.bindings.map(({ id, params }) => ({ ...params, id })) };
  }

  get vsn(): Vsn {
    return this.transport.vsn;
  }

  get receivesBroadcast(): boolean {
    return this.policies === null || this.policies.broadcast;
  }

  get receivesPresence(): boolean {
    return this.policies === null || this.policies.presence;
  }

  identity(): CallerIdentity {
    return { role: this.token.role, claims: this.token.claims };
  }

  send(frame: Frame): void {
    if (!this.closed) this.transport.send(frame);
  }

  sendWire(wire: Buffer): void {
    if (!this.closed) this.transport.sendWire(wire);
  }

  private push(event: string, payload: unknown): void {
    this.send(encodePush(this.vsn, this.joinRef, null, this.topic, event, payload));
  }

  private reply(ref: Ref, status: 'ok' | 'error', response: unknown): void {
    this.send(encodeReply(this.vsn, this.joinRef, ref, this.topic, status, response));
  }

  systemMessage(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  /**
   * phx_join (RealtimeChannel.join/3). Resolves to the channel, or to the error reason of the join
   * reply. The caller sends the reply; `started()` then runs what Supabase does right after it.
   */
  static async join(rt: RealtimeRuntime, transport: ChannelTransport, msg: InboundMessage, channelCount: number): Promise<ChannelSession | string> {
    const subTopic = msg.topic.slice('realtime:'.length);
    if (subTopic === '') return 'TopicNameRequired: You must provide a topic name';
    const params = isObject(msg.payload) ? msg.payload : {};
    const config = isObject(params.config) ? params.config : {};
    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const presence = isObject(config.presence) ? config.presence : {};
    const isPrivate = config.private === true;
    if (channelCount >= rt.limits.maxChannelsPerClient) return 'ChannelRateLimitReached: Too many channels';

    const sent = typeof params.access_token === 'string' ? params.access_token : typeof params.user_token === 'string' ? params.user_token : null;
    let token: VerifiedToken;
    try {
      token = await verifyAccessToken(rt.ctx.jwt, sent && !sent.startsWith('sb_') ? sent : transport.apikey);
    } catch (e) {
      if (e instanceof TokenError) return e.joinReason;
      throw e;
    }

    let policies: Policies | null = null;
    if (isPrivate) {
      const unauthorized = `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;
      try {
        const read = await readPolicies(rt.ctx.db, { role: token.role, claims: token.claims }, subTopic, rt.ctx.log);
        if (!read.broadcast && !read.presence) return unauthorized;
        policies = { ...read, write: {} };
      } catch (e) {
        if (e instanceof PolicyError) return unauthorized;
        throw e;
      }
    }

    if (isObject(broadcast.replay) && !isPrivate) return 'UnableToReplayMessages: Replay is not allowed for public channels';

    const rawKey = presence.key;
    const pg = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter(isObject) : [];
    return new ChannelSession(rt, transport, msg.topic, msg.joinRef, token, policies, {
      subTopic,
      isPrivate,
      selfBroadcast: broadcast.self === true,
      ackBroadcast: broadcast.ack === true,
      presenceKey: typeof rawKey === 'string' && rawKey !== '' ? rawKey : typeof rawKey === 'number' ? String(rawKey) : randomUUID(),
      presenceEnabled: presence.enabled === true,
      bindings: pg.map((p) => ({ id: bindingId(p), sub: subscriptionOf(p), params: p })),
    });
  }

  /** After the ok reply: subscribe to the topic, send presence_state, subscribe to Postgres. */
  started(): void {
    this.rt.hub.add(this.key, this);
    this.scheduleConfirm();
    if (this.presenceEnabled) this.syncPresence();
    if (this.bindings.length > 0) void this.rt.changes.subscribe(this);
  }

  private syncPresence(): void {
    if (this.receivesPresence) this.push('presence_state', this.rt.presence.state(this.key));
  }

  private scheduleConfirm(): void {
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    const ms = Math.min(CONFIRM_TOKEN_MAX_MS, this.token.exp * 1000 - Date.now());
    this.confirmTimer = setTimeout(() => void this.confirmToken(), Math.max(0, ms));
    this.confirmTimer.unref();
  }

  /** The confirm_token timer: at `exp` the token has expired and the channel is shut down. */
  private async confirmToken(): Promise<void> {
    if (this.closed) return;
    try {
      this.token = await verifyAccessToken(this.rt.ctx.jwt, this.token.token);
      this.scheduleConfirm();
    } catch (e) {
      if (e instanceof TokenError) this.shutdown(e.shutdown);
      else this.rt.ctx.log.error('realtime: token check failed', e);
    }
  }

  /** shutdown_response/2: a system error message, then the channel stops (phx_close). */
  shutdown(message: string): void {
    if (this.closed) return;
    this.systemMessage('system', 'error', message);
    this.close(true);
  }

  /** phx_leave: ok reply, then phx_close. */
  leave(ref: Ref): void {
    this.reply(ref, 'ok', {});
    this.close(true);
  }

  /** Ends the channel; `notify` sends phx_close (join_ref and ref both the join's ref, as Phoenix). */
  close(notify: boolean): void {
    if (this.closed) return;
    if (notify) this.send(encodePush(this.vsn, this.joinRef, this.joinRef, this.topic, 'phx_close', {}));
    this.closed = true;
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    this.rt.hub.remove(this.key, this);
    this.rt.changes.unsubscribe(this);
    const diff = this.rt.presence.untrack(this.key, this);
    if (diff) this.rt.hub.presenceDiff(this.key, this.topic, JSON.stringify(diff));
    this.transport.detach(this);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** access_token (handle_in "access_token"): verify, re-authorize, and move the expiry timer. */
  async accessToken(payload: unknown): Promise<void> {
    const raw = isObject(payload) ? payload.access_token : undefined;
    if (typeof raw !== 'string' || raw.startsWith('sb_') || raw === this.token.token) return;
    let token: VerifiedToken;
    try {
      token = await verifyAccessToken(this.rt.ctx.jwt, raw);
    } catch (e) {
      if (e instanceof TokenError) return this.shutdown(e.shutdown);
      throw e;
    }
    if (this.closed) return;
    if (this.policies) {
      const previous = this.policies;
      let read: ReadPolicies;
      try {
        read = await readPolicies(this.rt.ctx.db, { role: token.role, claims: token.claims }, this.subTopic, this.rt.ctx.log);
      } catch (e) {
        if (e instanceof PolicyError) read = { broadcast: false, presence: false };
        else throw e;
      }
      if (this.closed) return;
      if (!read.broadcast && !read.presence) return this.shutdown(`You do not have permissions to read from this Channel topic: ${this.subTopic}`);
      if ((previous.broadcast && !read.broadcast) || (previous.presence && !read.presence)) {
        return this.shutdown(`You no longer have permission to read from this Channel topic: ${this.subTopic}`);
      }
      this.policies = { ...read, write: {} };
    }
    this.token = token;
    this.scheduleConfirm();
  }

  private async mayWrite(extension: Extension): Promise<boolean> {
    if (!this.policies) return true;
    let allowed = this.policies.write[extension];
    if (allowed === undefined) {
      try {
        allowed = await writePolicy(this.rt.ctx.db, this.identity(), this.subTopic, extension, this.rt.ctx.log);
      } catch (e) {
        if (!(e instanceof PolicyError)) throw e;
        return false;
      }
      if (this.policies) this.policies.write[extension] = allowed;
    }
    return allowed;
  }

  /**
   * A client broadcast (BroadcastHandler.handle/3). A private channel without the insert policy
   * has its messages dropped, with no reply even when ack was asked, as Supabase does; an
   * oversized payload is dropped, answered with an error when ack was asked.
   */
  async broadcast(ref: Ref, payload: unknown, size: number): Promise<void> {
    let message: BroadcastMessage;
    if (isUserBroadcast(payload)) {
      if (!fitsBinaryFrame(this.topic, payload.userEvent)) return;
      message = { shape: 'user', userEvent: payload.userEvent, encoding: payload.encoding, data: payload.data, metadata: null };
    } else if (isObject(payload)) {
      message = { shape: 'map', payloadJson: JSON.stringify(payload) };
    } else {
      return;
    }
    if (!(await this.mayWrite('broadcast')) || this.closed) return;
    if (size > this.rt.limits.maxPayloadBytes) {
      if (this.ackBroadcast) this.reply(ref, 'error', 'payload_size_exceeded');
      return;
    }
    this.rt.hub.broadcast(this.key, this.topic, message, this.selfBroadcast ? undefined : this);
    if (this.ackBroadcast) this.reply(ref, 'ok', {});
  }

  /** presence track / untrack (PresenceHandler.handle/3); the reply is ok unless the payload is wrong. */
  async presence(ref: Ref, payload: unknown, size: number): Promise<void> {
    const limits = this.rt.limits;
    const now = Date.now();
    if (now - this.presenceWindow.start >= limits.clientPresenceWindowMs) this.presenceWindow = { start: now, count: 0 };
    if (++this.presenceWindow.count > limits.clientPresenceMaxCalls) return this.shutdown('Client presence rate limit exceeded');
    if (!isObject(payload) || typeof payload.event !== 'string') return this.reply(ref, 'error', {});
    const event = payload.event.toLowerCase();
    const meta = payload.payload ?? {};
    if (event === 'track' && !isObject(meta)) return this.reply(ref, 'error', { reason: 'Presence track payload must be a map' });
    if (event === 'track' && size > limits.maxPayloadBytes) return this.shutdown('Track message size exceeded');
    if (event !== 'track' && event !== 'untrack') return this.reply(ref, 'error', {});
    if (!(await this.mayWrite('presence')) || this.closed) return this.reply(ref, 'ok', {});
    const diff =
      event === 'track' ? this.rt.presence.track(this.key, this, this.presenceKey, meta as Json) : this.rt.presence.untrack(this.key, this);
    if (diff) this.rt.hub.presenceDiff(this.key, this.topic, JSON.stringify(diff));
    this.reply(ref, 'ok', {});
    if (!this.presenceEnabled) {
      // A track is what enables presence for a channel that joined without it: it gets the state.
      this.presenceEnabled = true;
      this.syncPresence();
    }
  }
}
