import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken } from '../http/jwt.ts';
import { BodyTooLargeError, readBody, sendJson } from '../http/respond.ts';
import { PolicyError, writePolicy, type CallerIdentity } from './authorization.ts';
import type { RealtimeRuntime } from './channel.ts';
import { topicKey } from './hub.ts';
import { fitsBinaryFrame, type BroadcastMessage } from './protocol.ts';
import { TokenError, verifyAccessToken } from './tokens.ts';

/**
 * Realtime's broadcast REST API:
 * - POST /api/broadcast {messages: [{topic, event, payload, private?, id?}]} (BatchBroadcast),
 *   what RealtimeChannel.send() falls back to when the channel is not joined;
 * - POST /api/broadcast/:topic/events/:event with a JSON or application/octet-stream body
 *   (SingleBroadcast), what RealtimeChannel.httpSend() posts.
 * Both answer 202 with an empty body. Private messages go out only if the caller's insert policy
 * on realtime.messages allows the topic; otherwise they are silently dropped (batch) or refused
 * with 403 (single), as Supabase does.
 */

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** AuthTenant: the bearer token, else the apikey, verified; 401 with an empty body otherwise. */
async function caller(rt: RealtimeRuntime, req: IncomingMessage, url: URL): Promise<CallerIdentity | null> {
  const apikey = req.headers['apikey'];
  const token = bearerToken(req.headers.authorization) ?? (Array.isArray(apikey) ? apikey[0] : apikey) ?? url.searchParams.get('apikey');
  if (!token) return null;
  try {
    const verified = await verifyAccessToken(rt.ctx.jwt, token);
    return { role: verified.role, claims: verified.claims };
  } catch (e) {
    if (e instanceof TokenError) return null;
    throw e;
  }
}

function unauthorized(res: ServerResponse): void {
  res.writeHead(401, { 'content-length': '0' });
  res.end();
}

function accepted(res: ServerResponse): void {
  res.writeHead(202, { 'content-length': '0' });
  res.end();
}

async function mayWrite(rt: RealtimeRuntime, identity: CallerIdentity, topic: string): Promise<boolean> {
  try {
    return await writePolicy(rt.ctx.db, identity, topic, 'broadcast', rt.ctx.log);
  } catch (e) {
    if (e instanceof PolicyError) return false;
    throw e;
  }
}

async function body(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer | null> {
  try {
    return await readBody(req, limit);
  } catch (e) {
    if (!(e instanceof BodyTooLargeError)) throw e;
    sendJson(res, 413, { message: 'Payload too large' });
    return null;
  }
}

interface BatchMessage {
  topic: string;
  event: string;
  payload: Json;
  isPrivate: boolean;
  id?: string;
}

async function batch(rt: RealtimeRuntime, req: IncomingMessage, res: ServerResponse, identity: CallerIdentity): Promise<void> {
  const raw = await body(req, res, rt.limits.maxPayloadBytes * 4 + 1_000_000);
  if (!raw) return;
  let parsed: unknown;
  try {
    parsed = raw.length === 0 ? {} : JSON.parse(raw.toString('utf8'));
  } catch {
    return sendJson(res, 400, { message: 'Invalid JSON' });
  }
  const list = isObject(parsed) ? parsed.messages : undefined;
  if (!Array.isArray(list) || list.length === 0) return sendJson(res, 422, { errors: { messages: ["can't be blank"] } });
  // Ecto's changeset errors: one map per message, empty for the valid ones.
  const errors: Array<Record<string, string[]>> = [];
  const messages: BatchMessage[] = [];
  for (const item of list) {
    const m = isObject(item) ? item : {};
    const e: Record<string, string[]> = {};
    const text = (key: string) => (typeof m[key] === 'string' && m[key] !== '' ? (m[key] as string) : undefined);
    if (m.topic !== undefined && m.topic !== null && typeof m.topic !== 'string') e.topic = ['is invalid'];
    else if (!text('topic')) e.topic = ["can't be blank"];
    if (m.event !== undefined && m.event !== null && typeof m.event !== 'string') e.event = ['is invalid'];
    else if (!text('event')) e.event = ["can't be blank"];
    if (m.payload === undefined || m.payload === null) e.payload = ["can't be blank"];
    else if (!isObject(m.payload)) e.payload = ['is invalid'];
    else if (Buffer.byteLength(JSON.stringify(m.payload)) > rt.limits.maxPayloadBytes) e.payload = ['Payload size exceeds tenant limit'];
    if (m.private !== undefined && m.private !== null && typeof m.private !== 'boolean') e.private = ['is invalid'];
    errors.push(e);
    if (Object.keys(e).length === 0) {
      messages.push({
        topic: m.topic as string,
        event: m.event as string,
        payload: m.payload as Json,
        isPrivate: m.private === true,
        ...(typeof m.id === 'string' ? { id: m.id } : {}),
      });
    }
  }
  if (errors.some((e) => Object.keys(e).length > 0)) return sendJson(res, 422, { errors: { messages: errors } });

  const allowed = new Map<string, boolean>();
  for (const m of messages) {
    if (m.isPrivate) {
      if (!allowed.has(m.topic)) allowed.set(m.topic, await mayWrite(rt, identity, m.topic));
      if (!allowed.get(m.topic)) continue;
    }
    const payload: Json = { payload: m.payload, event: m.event, type: 'broadcast' };
    if (m.id) payload.meta = { id: m.id };
    rt.hub.broadcast(topicKey(m.isPrivate, m.topic), `realtime:${m.topic}`, { shape: 'map', payloadJson: JSON.stringify(payload) });
  }
  accepted(res);
}

async function single(
  rt: RealtimeRuntime,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  identity: CallerIdentity,
  topic: string,
  event: string,
): Promise<void> {
  const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const binary = contentType === 'application/octet-stream';
  if (!binary && contentType !== 'application/json') return sendJson(res, 415, { message: 'Unsupported content type' });
  const raw = await body(req, res, rt.limits.maxPayloadBytes * 2 + 1_000_000);
  if (!raw) return;
  if (!binary) {
    try {
      if (raw.length === 0 || JSON.parse(raw.toString('utf8')) === null) return sendJson(res, 422, { errors: { payload: ["can't be blank"] } });
    } catch {
      return sendJson(res, 400, { message: 'Invalid JSON' });
    }
  }
  if (raw.length > rt.limits.maxPayloadBytes) return sendJson(res, 422, { errors: { payload: ['Payload size exceeds tenant limit'] } });
  if (!fitsBinaryFrame(`realtime:${topic}`, event)) return sendJson(res, 422, { errors: { topic: ['is invalid'] } });
  const isPrivate = url.searchParams.get('private') === 'true';
  if (isPrivate && !(await mayWrite(rt, identity, topic))) return sendJson(res, 403, { message: 'Unauthorized' });
  const message: BroadcastMessage = { shape: 'user', userEvent: event, encoding: binary ? 'binary' : 'json', data: raw, metadata: null };
  rt.hub.broadcast(topicKey(isPrivate, topic), `realtime:${topic}`, message);
  accepted(res);
}

const SINGLE = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/;

/** Serves /realtime/v1/api/broadcast[...]; false when the path is not a broadcast endpoint. */
export async function handleBroadcastApi(rt: RealtimeRuntime, req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<boolean> {
  const isBatch = subpath === '/api/broadcast';
  const m = SINGLE.exec(subpath);
  if (!isBatch && !m) return false;
  if (req.method !== 'POST') {
    sendJson(res, 404, { message: 'Not found' });
    return true;
  }
  const identity = await caller(rt, req, url);
  if (!identity) {
    unauthorized(res);
    return true;
  }
  if (isBatch || !m) {
    await batch(rt, req, res, identity);
    return true;
  }
  let topic: string;
  let event: string;
  try {
    topic = decodeURIComponent(m[1]);
    event = decodeURIComponent(m[2]);
  } catch {
    sendJson(res, 404, { message: 'Not found' });
    return true;
  }
  await single(rt, req, res, url, identity, topic, event);
  return true;
}
