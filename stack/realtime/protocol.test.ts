import { RealtimeClient, type WebSocketLikeConstructor } from '@supabase/realtime-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { BroadcastFrames, decodeBinary, decodeText, MalformedFrameError, type UserBroadcastPayload } from './protocol.ts';

/** The serializer the installed realtime-js uses (a client that never connects). */
const serializer = new RealtimeClient('ws://127.0.0.1:1/realtime/v1', {
  params: { apikey: 'unused' },
  transport: ws as unknown as WebSocketLikeConstructor,
}).serializer;

// The wire format against the installed realtime-js serializer itself: what it encodes, the server
// decodes; what the server encodes, it decodes.

function encodeWithClient(msg: { join_ref: string; ref: string; topic: string; event: string; payload: Record<string, unknown> }): ArrayBuffer | string {
  let out: ArrayBuffer | string = '';
  serializer.encode(msg, (r: ArrayBuffer | string) => (out = r));
  return out;
}

function decodeWithClient(frame: Buffer | string): { topic: string; event: string; payload: Record<string, unknown> } {
  let out: { topic: string; event: string; payload: Record<string, unknown> } | undefined;
  const raw = typeof frame === 'string' ? frame : (new Uint8Array(frame).buffer as ArrayBuffer);
  serializer.decode(raw, (m: typeof out) => (out = m));
  if (!out) throw new Error('not decoded');
  return out;
}

describe('realtime protocol', () => {
  it('decodes realtime-js user broadcast pushes (JSON and binary payloads)', () => {
    const json = encodeWithClient({ join_ref: '3', ref: '17', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'msg', payload: { a: 1 } } });
    const msg = decodeBinary(Buffer.from(json as ArrayBuffer), '2.0.0');
    expect(msg).toMatchObject({ joinRef: '3', ref: '17', topic: 'realtime:room', event: 'broadcast' });
    const p = msg.payload as UserBroadcastPayload;
    expect(p.userEvent).toBe('msg');
    expect(p.encoding).toBe('json');
    expect(JSON.parse(p.data.toString('utf8'))).toEqual({ a: 1 });

    const bin = encodeWithClient({ join_ref: '3', ref: '18', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'b', payload: new Uint8Array([7, 8]).buffer } });
    const p2 = decodeBinary(Buffer.from(bin as ArrayBuffer), '2.0.0').payload as UserBroadcastPayload;
    expect(p2.encoding).toBe('binary');
    expect([...p2.data]).toEqual([7, 8]);
  });

  it('encodes user broadcasts that realtime-js decodes, with meta', () => {
    const frames = new BroadcastFrames(
      { shape: 'user', userEvent: 'INSERT', encoding: 'json', data: Buffer.from('{"x": [1, 2]}'), metadata: { id: 'abc' } },
      'realtime:t',
    );
    const v2 = frames.frame('2.0.0');
    expect(Buffer.isBuffer(v2)).toBe(true);
    expect(decodeWithClient(v2 as Buffer)).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:t',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'INSERT', payload: { x: [1, 2] }, meta: { id: 'abc' } },
    });
    expect(JSON.parse(frames.frame('1.0.0') as string)).toEqual({
      topic: 'realtime:t',
      event: 'broadcast',
      payload: { event: 'INSERT', payload: { x: [1, 2] }, type: 'broadcast', meta: { id: 'abc' } },
      ref: null,
    });
  });

  it('does not send binary payloads to vsn 1.0.0 clients', () => {
    const frames = new BroadcastFrames({ shape: 'user', userEvent: 'e', encoding: 'binary', data: Buffer.from([1]), metadata: null }, 'realtime:t');
    expect(frames.frame('1.0.0')).toBeNull();
    expect(frames.frame('2.0.0')).not.toBeNull();
  });

  it('refuses what Phoenix cannot decode', () => {
    expect(() => decodeText('[1,2,3,4]', '2.0.0')).toThrow(MalformedFrameError);
    expect(() => decodeText('{"topic":"t"}', '1.0.0')).toThrow(MalformedFrameError);
    expect(() => decodeText('nope', '2.0.0')).toThrow(MalformedFrameError);
    expect(() => decodeBinary(Buffer.from([4, 0, 0, 0, 1]), '2.0.0')).toThrow(MalformedFrameError);
    expect(decodeText('["1","2","realtime:t","e",{},"extra"]', '2.0.0')).toMatchObject({ joinRef: '1', ref: '2', topic: 'realtime:t', event: 'e' });
  });
});
