import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { wireFrame } from './ws-frame.ts';

describe('wireFrame', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** A server that writes the given wire frames straight to the upgraded socket, between frames sent through ws. */
  async function receive(frames: Buffer[]): Promise<{ data: string; binary: boolean }[]> {
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    server.on('upgrade', (req, socket: Duplex, head) => {
      wss.handleUpgrade(req, socket, head, (ws) => {
        ws.send('first, through ws');
        for (const f of frames) socket.write(f);
        ws.send(Buffer.from('last, through ws'));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    cleanups.push(() => new Promise<void>((resolve) => {
      wss.close();
      server.close(() => resolve());
    }));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    cleanups.push(() => client.terminate());
    const got: { data: string; binary: boolean }[] = [];
    const expected = frames.length + 2;
    await new Promise<void>((resolve, reject) => {
      client.on('error', reject);
      client.on('close', (code) => reject(new Error(`closed with ${code}`)));
      client.on('message', (data, binary) => {
        got.push({ data: Buffer.isBuffer(data) ? data.toString('utf8') : String(data), binary });
        if (got.length === expected) resolve();
      });
    });
    return got;
  }

  it('writes frames a websocket client reads whole, in order with ws\'s own, at every length encoding', async () => {
    const texts = ['', 'hello', 'x'.repeat(125), 'y'.repeat(126), 'z'.repeat(65_535), 'é'.repeat(40_000)];
    const binary = Buffer.from([4, 1, 2, 3, 255]);
    const got = await receive([...texts.map((t) => wireFrame(t)), wireFrame(binary)]);
    expect(got[0]).toEqual({ data: 'first, through ws', binary: false });
    expect(got.slice(1, 1 + texts.length)).toEqual(texts.map((data) => ({ data, binary: false })));
    expect(got[1 + texts.length]).toEqual({ data: binary.toString('utf8'), binary: true });
    expect(got[got.length - 1]).toEqual({ data: 'last, through ws', binary: true });
  });

  it('is one unmasked final frame: header then the payload bytes', () => {
    const wire = wireFrame('hi');
    expect([...wire]).toEqual([0x81, 2, 0x68, 0x69]);
    const big = wireFrame(Buffer.alloc(70_000, 1));
    expect(big[0]).toBe(0x82);
    expect(big[1]).toBe(127);
    expect(big.readBigUInt64BE(2)).toBe(70_000n);
    expect(big.length).toBe(10 + 70_000);
  });
});
