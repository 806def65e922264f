import { addressRefusal, guardedFetch, guardOptionsFromEnv, RefusedAddressError, type Sender, urlRefusal } from './net_guard.ts';
import { RECEIVER_CERT, RECEIVER_KEY, TEST_CA } from './test_certs.ts';
import { assert } from './testing.ts';

const strict = { allowLoopback: false, allowed: [] as string[] };
const local = { allowLoopback: true, allowed: [] as string[] };

Deno.test('private, link-local, metadata, multicast and unspecified addresses are refused; public ones pass', () => {
  for (const ip of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', 'fd00::1', 'fe80::1', '::', '::ffff:10.0.0.1', '::ffff:169.254.169.254']) {
    assert.ok(addressRefusal(ip, local), `${ip} refused`);
  }
  for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1']) assert.equal(addressRefusal(ip, strict), null, ip);
});

Deno.test('loopback only when the project is local; the allow-list opens exceptions', () => {
  assert.ok(addressRefusal('127.0.0.1', strict)?.includes('loopback'), 'hosted: loopback refused');
  assert.ok(addressRefusal('::1', strict), 'hosted: ::1 refused');
  assert.equal(addressRefusal('127.0.0.1', local), null);
  assert.equal(addressRefusal('10.0.0.5', { allowLoopback: false, allowed: ['10.0.0.0/24'] }), null);
  assert.ok(addressRefusal('10.0.1.5', { allowLoopback: false, allowed: ['10.0.0.0/24'] }));
  assert.equal(guardOptionsFromEnv('http://127.0.0.1:54321', '').allowLoopback, true);
  assert.equal(guardOptionsFromEnv('https://abc.supabase.co', '').allowLoopback, false);
  assert.deepEqual(guardOptionsFromEnv('https://abc.supabase.co', '10.0.0.1, 192.168.0.0/16').allowed, ['10.0.0.1', '192.168.0.0/16']);
});

Deno.test('a name resolving to a refused address is refused; other schemes too', async () => {
  const resolve = (host: string) => Promise.resolve(host === 'evil.example' ? ['93.184.216.34', '169.254.169.254'] : ['93.184.216.34']);
  assert.ok((await urlRefusal(new URL('http://evil.example/x'), { ...strict, resolve }))?.includes('169.254.169.254'));
  assert.equal(await urlRefusal(new URL('https://shop.example/hooks'), { ...strict, resolve }), null);
  assert.ok(await urlRefusal(new URL('ftp://shop.example/'), { ...strict, resolve }));
  assert.ok(await urlRefusal(new URL('http://[::1]:8080/'), { ...strict, resolve }));
});

Deno.test('guardedFetch checks every redirect', async () => {
  const resolve = () => Promise.resolve(['93.184.216.34']);
  const seen: string[] = [];
  const fetcher: Sender = (url) => {
    seen.push(url.href);
    return Promise.resolve(new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } }));
  };
  let refused: unknown = null;
  try {
    await guardedFetch('https://shop.example/hooks', { method: 'POST' }, { ...strict, resolve }, 3, fetcher);
  } catch (e) {
    refused = e;
  }
  assert.ok(refused instanceof RefusedAddressError, 'the redirect to the metadata address is refused');
  assert.deepEqual(seen, ['https://shop.example/hooks']);
});

/** A receiver on this machine that says which Host it was asked for and echoes the body. */
function receiver(tls: boolean) {
  const seen: { host: string | null; body: string; method: string }[] = [];
  const server = Deno.serve(
    { hostname: '127.0.0.1', port: 0, onListen() {}, ...(tls ? { cert: RECEIVER_CERT, key: RECEIVER_KEY } : {}) },
    async (req) => {
      seen.push({ host: req.headers.get('host'), body: await req.text(), method: req.method });
      if (new URL(req.url).pathname === '/gone') return new Response('bye', { status: 410, headers: { 'x-why': 'unsubscribed' } });
      return new Response('thanks', { status: 200, headers: { 'content-type': 'text/plain' } });
    },
  );
  return { server, seen, port: (server.addr as Deno.NetAddr).port };
}

Deno.test('the request goes to the address the guard checked, not to what the name resolves to afterwards', async () => {
  const { server, seen, port } = receiver(false);
  // receiver.test resolves nowhere on this machine: only a connection pinned to the checked address reaches the receiver.
  let resolutions = 0;
  const resolve = () => {
    resolutions++;
    return Promise.resolve(['127.0.0.1']);
  };
  try {
    const res = await guardedFetch(`http://receiver.test:${port}/hooks?x=1`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }, { ...local, resolve });
    assert.equal(res.status, 200, 'status');
    assert.equal(await res.text(), 'thanks', 'body read through the stream');
    assert.deepEqual(seen, [{ host: `receiver.test:${port}`, body: '{"a":1}', method: 'POST' }], 'the receiver saw the name and the body');
    assert.equal(resolutions, 1, 'resolved once, by the guard');
    const gone = await guardedFetch(`http://receiver.test:${port}/gone`, { method: 'POST', body: 'x' }, { ...local, resolve });
    assert.equal(gone.status, 410, 'an error status comes back as is');
    assert.equal(gone.headers.get('x-why'), 'unsubscribed', 'headers come back');
    assert.equal(await gone.text(), 'bye');
  } finally {
    await server.shutdown();
  }
});

Deno.test('over https the pinned connection verifies the certificate of the name, not of the address', async () => {
  const { server, seen, port } = receiver(true);
  const resolve = () => Promise.resolve(['127.0.0.1']);
  try {
    const res = await guardedFetch(`https://receiver.test:${port}/hooks`, { method: 'POST', body: 'signed' }, { ...local, resolve, caCerts: [TEST_CA] });
    assert.equal(res.status, 200, 'status');
    assert.equal(await res.text(), 'thanks');
    assert.equal(seen[0]?.host, `receiver.test:${port}`, 'Host is the name');
    let failed: unknown = null;
    try {
      // The same receiver under another name: its certificate does not cover it, so TLS refuses.
      await guardedFetch(`https://other.test:${port}/hooks`, { method: 'POST', body: 'signed' }, { ...local, resolve, caCerts: [TEST_CA] });
    } catch (e) {
      failed = e;
    }
    assert.ok(failed instanceof Error, 'a certificate for another name is refused');
    assert.equal(seen.length, 1, 'nothing was sent under the wrong name');
  } finally {
    await server.shutdown();
  }
});

Deno.test('a timeout aborts the pinned request with the signal\'s reason', async () => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async () => {
    await held;
    return new Response('late');
  });
  const port = (server.addr as Deno.NetAddr).port;
  try {
    let failed: unknown = null;
    try {
      await guardedFetch(`http://127.0.0.1:${port}/slow`, { method: 'POST', body: 'x', signal: AbortSignal.timeout(50) }, local);
    } catch (e) {
      failed = e;
    }
    assert.equal((failed as Error | null)?.name, 'TimeoutError', 'the timeout is the error');
  } finally {
    release();
    await server.shutdown();
  }
});
