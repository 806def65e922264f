import { generateSigningSecret, isSigningSecret, signatureFor, signedHeaders } from './standard_webhooks.ts';
import { assert } from './testing.ts';

Deno.test('signs the Standard Webhooks specification\'s own example', async () => {
  const signature = await signatureFor('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
  assert.equal(signature, 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
});

Deno.test('a signature is v1, base64 HMAC-SHA256 of id.timestamp.body keyed with the decoded secret', async () => {
  const secret = generateSigningSecret();
  assert.ok(isSigningSecret(secret), secret);
  const headers = await signedHeaders(secret, 'msg_1', 1700000000, '{"a":1}');
  const bytes = (b64: string) => {
    const binary = atob(b64);
    const out = new Uint8Array(new ArrayBuffer(binary.length));
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  };
  const key = await crypto.subtle.importKey('raw', bytes(secret.slice(6)), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const mac = bytes(headers['webhook-signature'].slice(3));
  assert.ok(await crypto.subtle.verify('HMAC', key, mac, new TextEncoder().encode('msg_1.1700000000.{"a":1}')), 'verifies');
  assert.equal(headers['webhook-id'], 'msg_1');
  assert.equal(headers['webhook-timestamp'], '1700000000');
  assert.ok(headers['webhook-signature'] !== (await signatureFor(secret, 'msg_1', 1700000001, '{"a":1}')), 'the timestamp is signed');
});
