import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientIp } from './request.ts';

function req(headers: IncomingMessage['headers'], remoteAddress = '::ffff:127.0.0.1'): Pick<IncomingMessage, 'headers' | 'socket'> {
  return { headers, socket: { remoteAddress } as IncomingMessage['socket'] };
}

describe('clientIp', () => {
  it('takes the first valid address of X-Forwarded-For, as GoTrue does behind the gateway', () => {
    expect(clientIp(req({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }))).toBe('203.0.113.7');
    expect(clientIp(req({ 'x-forwarded-for': 'garbage, 2001:db8::1' }))).toBe('2001:db8::1');
  });

  it("falls back to the socket's address without a usable header", () => {
    expect(clientIp(req({}))).toBe('127.0.0.1');
    expect(clientIp(req({ 'x-forwarded-for': 'not-an-ip' }))).toBe('127.0.0.1');
  });
});
