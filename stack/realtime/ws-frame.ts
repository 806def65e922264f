import * as wsModule from 'ws';
import type { Frame } from './protocol.ts';

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}

type SenderClass = { frame(data: Buffer, options: FrameOptions): Buffer[] };
// ws's own framing: exported as Sender (and WebSocket.Sender in CommonJS), absent from its type definitions.
const exported = wsModule as unknown as { Sender?: SenderClass; default?: { Sender?: SenderClass } };
const Sender = exported.Sender ?? exported.default?.Sender;
if (typeof Sender?.frame !== 'function') throw new Error('ws.Sender.frame is missing: ws changed its internals');

const OPCODE_TEXT = 0x1;
const OPCODE_BINARY = 0x2;

/**
 * A whole server-to-client websocket frame (FIN, unmasked, no extension: the stack's server never
 * negotiates permessage-deflate), built once by ws's framing and then written as is to every
 * subscriber's socket. A fan-out of one message to n sockets thus frames it once, not n times.
 */
export function wireFrame(frame: Frame): Buffer {
  const text = typeof frame === 'string';
  const data = text ? Buffer.from(frame, 'utf8') : frame;
  return Buffer.concat(Sender!.frame(data, { fin: true, opcode: text ? OPCODE_TEXT : OPCODE_BINARY, mask: false, readOnly: false, rsv1: false }));
}
