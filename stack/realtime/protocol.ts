import { wireFrame } from './ws-frame.ts';

/**
 * The Phoenix wire format as Supabase Realtime speaks it (RealtimeWeb.Socket.V2Serializer and
 * Phoenix.Socket.V1.JSONSerializer), and as the installed realtime-js encodes and decodes it
 * (lib/serializer.ts):
 * - vsn 1.0.0: JSON objects {topic, event, payload, ref[, join_ref]}; the server writes only
 *   topic, event, payload and ref.
 * - vsn 2.0.0: JSON arrays [join_ref, ref, topic, event, payload] and binary frames whose first
 *   byte is the kind: 0 push, 1 reply, 2 broadcast, 3 user broadcast push (client to server),
 *   4 user broadcast (server to client).
 */

export type Vsn = '1.0.0' | '2.0.0';
export type Ref = string | null;

export const KIND_PUSH = 0;
export const KIND_USER_BROADCAST_PUSH = 3;
export const KIND_USER_BROADCAST = 4;

/** A user broadcast as realtime-js sends it in a binary frame (kind 3): the payload stays encoded. */
export interface UserBroadcastPayload {
  readonly userEvent: string;
  readonly encoding: 'json' | 'binary';
  /** JSON text (encoding json) or raw bytes (binary). */
  readonly data: Buffer;
  readonly metadata: Record<string, unknown>;
}

/** The payload of a binary push (kind 0): raw bytes that no Realtime event accepts as a map. */
export class BinaryPayload {
  constructor(readonly data: Buffer) {}
}

export interface InboundMessage {
  joinRef: Ref;
  ref: Ref;
  topic: string;
  event: string;
  payload: unknown;
}

/** The frame cannot be decoded: Phoenix's serializer raises and the socket process dies. */
export class MalformedFrameError extends Error {}

function isRef(v: unknown): v is Ref {
  return v === null || typeof v === 'string';
}

function refOf(v: unknown): Ref {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return String(v);
  if (isRef(v)) return v;
  throw new MalformedFrameError('ref must be a string or null');
}

export function decodeText(text: string, vsn: Vsn): InboundMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MalformedFrameError('invalid JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(value) || value.length < 5) throw new MalformedFrameError('expected [join_ref, ref, topic, event, payload]');
    const [joinRef, ref, topic, event, payload] = value as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new MalformedFrameError('topic and event must be strings');
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MalformedFrameError('expected a message object');
  const m = value as Record<string, unknown>;
  if (typeof m.topic !== 'string' || typeof m.event !== 'string' || !('payload' in m) || !('ref' in m)) {
    throw new MalformedFrameError('a message needs topic, event, payload and ref');
  }
  return { joinRef: refOf(m.join_ref), ref: refOf(m.ref), topic: m.topic, event: m.event, payload: m.payload };
}

/** Binary frames exist only in vsn 2.0.0: kinds 0 (push) and 3 (user broadcast push) come from clients. */
export function decodeBinary(buf: Buffer, vsn: Vsn): InboundMessage {
  if (vsn !== '2.0.0') throw new MalformedFrameError('binary frames need vsn 2.0.0');
  if (buf.length < 1) throw new MalformedFrameError('empty binary frame');
  const kind = buf[0];
  // realtime-js writes each string char by char (charCodeAt into a byte): read them back byte for byte.
  const str = (start: number, len: number) => buf.toString('latin1', start, start + len);
  if (kind === KIND_USER_BROADCAST_PUSH) {
    if (buf.length < 7) throw new MalformedFrameError('truncated user broadcast push');
    const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [buf[1], buf[2], buf[3], buf[4], buf[5], buf[6]];
    let offset = 7;
    if (offset + joinRefLen + refLen + topicLen + eventLen + metaLen > buf.length) throw new MalformedFrameError('truncated user broadcast push');
    const joinRef = str(offset, joinRefLen);
    offset += joinRefLen;
    const ref = str(offset, refLen);
    offset += refLen;
    const topic = str(offset, topicLen);
    offset += topicLen;
    const userEvent = str(offset, eventLen);
    offset += eventLen;
    let metadata: Record<string, unknown> = {};
    if (metaLen > 0) {
      try {
        const parsed: unknown = JSON.parse(buf.toString('utf8', offset, offset + metaLen));
        metadata = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
      } catch {
        throw new MalformedFrameError('user broadcast metadata is not JSON');
      }
    }
    offset += metaLen;
    const payload: UserBroadcastPayload = {
      userEvent,
      encoding: encoding === 0 ? 'binary' : 'json',
      data: buf.subarray(offset),
      metadata,
    };
    return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload };
  }
  if (kind === KIND_PUSH) {
    if (buf.length < 5) throw new MalformedFrameError('truncated push');
    const [joinRefLen, refLen, topicLen, eventLen] = [buf[1], buf[2], buf[3], buf[4]];
    let offset = 5;
    if (offset + joinRefLen + refLen + topicLen + eventLen > buf.length) throw new MalformedFrameError('truncated push');
    const joinRef = str(offset, joinRefLen);
    offset += joinRefLen;
    const ref = str(offset, refLen);
    offset += refLen;
    const topic = str(offset, topicLen);
    offset += topicLen;
    const event = str(offset, eventLen);
    offset += eventLen;
    return { joinRef: joinRef || null, ref: ref || null, topic, event, payload: new BinaryPayload(buf.subarray(offset)) };
  }
  throw new MalformedFrameError(`unknown binary frame kind ${kind}`);
}

export type Frame = string | Buffer;

export function encodeReply(vsn: Vsn, joinRef: Ref, ref: Ref, topic: string, status: 'ok' | 'error', response: unknown): string {
  const payload = { status, response };
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, 'phx_reply', payload]);
  return JSON.stringify({ topic, event: 'phx_reply', payload, ref });
}

/** A message the channel pushes to its own client (presence_state, system, phx_close ...). */
export function encodePush(vsn: Vsn, joinRef: Ref, ref: Ref, topic: string, event: string, payload: unknown): string {
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload]);
  return JSON.stringify({ topic, event, payload, ref });
}

/** A fastlane message (no join_ref, no ref) whose payload is already JSON text. */
export function encodeFastlaneJson(vsn: Vsn, topic: string, event: string, payloadJson: string): string {
  if (vsn === '2.0.0') return `[null,null,${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
  return `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson},"ref":null}`;
}

/**
 * A broadcast on its way to subscribers, in the two shapes Supabase fans out:
 * - 'map': a Phoenix.Socket.Broadcast whose payload map is forwarded as is (JSON text frames);
 * - 'user': a RealtimeWeb.Socket.UserBroadcast whose payload stays encoded (binary kind 4 for
 *   vsn 2.0.0, converted to {event, payload, type, meta} JSON for vsn 1.0.0).
 * Frames are encoded once per protocol version and topic, then shared by every subscriber.
 */
export type BroadcastMessage =
  | { shape: 'map'; payloadJson: string }
  | { shape: 'user'; userEvent: string; encoding: 'json' | 'binary'; data: Buffer; metadata: Record<string, unknown> | null };

export class BroadcastFrames {
  private v1: Frame | null | undefined;
  private v2: Frame | null | undefined;
  private readonly wires: Partial<Record<Vsn, Buffer | null>> = {};

  constructor(
    private readonly message: BroadcastMessage,
    private readonly topic: string,
  ) {}

  /** null: this client cannot receive it (binary payloads over vsn 1.0.0, as on Supabase). */
  frame(vsn: Vsn): Frame | null {
    if (vsn === '2.0.0') {
      if (this.v2 === undefined) this.v2 = this.encodeV2();
      return this.v2;
    }
    if (this.v1 === undefined) this.v1 = this.encodeV1();
    return this.v1;
  }

  /** The frame for that version as websocket bytes, shared by every subscriber of that version. */
  wire(vsn: Vsn): Buffer | null {
    let wire = this.wires[vsn];
    if (wire === undefined) {
      const frame = this.frame(vsn);
      wire = this.wires[vsn] = frame === null ? null : wireFrame(frame);
    }
    return wire;
  }

  private encodeV2(): Frame | null {
    const m = this.message;
    if (m.shape === 'map') return encodeFastlaneJson('2.0.0', this.topic, 'broadcast', m.payloadJson);
    const topic = Buffer.from(this.topic, 'utf8');
    const event = Buffer.from(m.userEvent, 'utf8');
    const meta = m.metadata ? Buffer.from(JSON.stringify(m.metadata), 'utf8') : Buffer.alloc(0);
    // One byte per size: Supabase's serializer raises on longer ones and the message is not sent.
    if (topic.length > 255 || event.length > 255 || meta.length > 255) return null;
    const header = Buffer.from([KIND_USER_BROADCAST, topic.length, event.length, meta.length, m.encoding === 'json' ? 1 : 0]);
    return Buffer.concat([header, topic, event, meta, m.data]);
  }

  private encodeV1(): Frame | null {
    const m = this.message;
    if (m.shape === 'map') return encodeFastlaneJson('1.0.0', this.topic, 'broadcast', m.payloadJson);
    if (m.encoding === 'binary') return null;
    const meta = m.metadata ? `,"meta":${JSON.stringify(m.metadata)}` : '';
    const payload = `{"event":${JSON.stringify(m.userEvent)},"payload":${m.data.toString('utf8')},"type":"broadcast"${meta}}`;
    return encodeFastlaneJson('1.0.0', this.topic, 'broadcast', payload);
  }
}

/** Sizes in a binary frame are one byte: Supabase refuses longer topics, events and metadata. */
export function fitsBinaryFrame(topic: string, userEvent: string): boolean {
  return Buffer.byteLength(topic) <= 255 && Buffer.byteLength(userEvent) <= 255;
}
