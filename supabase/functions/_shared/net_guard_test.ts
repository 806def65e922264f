import { addressRefusal, guardedFetch, guardOptionsFromEnv, RefusedAddressError, urlRefusal } from './net_guard.ts';
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
  const fetcher = ((url: URL) => {
    seen.push(url.href);
    return Promise.resolve(new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } }));
  }) as unknown as typeof fetch;
  let refused: unknown = null;
  try {
    await guardedFetch('https://shop.example/hooks', { method: 'POST' }, { ...strict, resolve }, 3, fetcher);
  } catch (e) {
    refused = e;
  }
  assert.ok(refused instanceof RefusedAddressError, 'the redirect to the metadata address is refused');
  assert.deepEqual(seen, ['https://shop.example/hooks']);
});
