import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, api, stack } from './clients.ts';

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  env: Record<string, boolean>;
  supabaseUrl: string | null;
  dotenv: string | null;
}

describe('edge functions: invoking', () => {
  it('passes a JSON body, method and headers through supabase-js, with the platform variables set', async () => {
    const { data, error, response } = await anonClient().functions.invoke<Echo>('echo', {
      body: { name: 'Ada', n: 1 },
      headers: { 'x-custom': 'waypost' },
    });
    expect(error).toBeNull();
    expect(response?.status).toBe(200);
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      body: { name: 'Ada', n: 1 },
      headers: { 'content-type': 'application/json', 'x-custom': 'waypost', authorization: `Bearer ${stack.anonKey}` },
      env: { SUPABASE_URL: true, SUPABASE_ANON_KEY: true, SUPABASE_SERVICE_ROLE_KEY: true, SUPABASE_DB_URL: true },
      dotenv: 'hello from .env',
    });
  });

  it('passes a text body', async () => {
    const { data, error } = await anonClient().functions.invoke<Echo>('echo', { body: 'plain words' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ body: 'plain words', headers: { 'content-type': 'text/plain' } });
  });

  it('round-trips a binary body byte for byte, with the status and headers the function sets', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7 + 3) % 256);
    const res = await api('/functions/v1/echo/raw?status=201', {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-echo-length')).toBe(String(bytes.length));
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('gives a Blob back to supabase-js for an octet-stream response', async () => {
    const { data, error } = await anonClient().functions.invoke<Blob>('echo/raw', { body: new Blob([new Uint8Array([0, 255, 1, 254])]) });
    expect(error).toBeNull();
    expect(new Uint8Array(await (data as Blob).arrayBuffer())).toEqual(new Uint8Array([0, 255, 1, 254]));
  });

  it('routes GET with a sub-path and a query string to the function, path starting with its name', async () => {
    const { data, error } = await anonClient().functions.invoke<Echo>('echo/orders/42?expand=lines&limit=5', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ method: 'GET', path: '/echo/orders/42', query: { expand: 'lines', limit: '5' }, body: null });
  });

  it.each(['PATCH', 'DELETE', 'PUT'] as const)('proxies %s', async (method) => {
    const { data, error } = await anonClient().functions.invoke<Echo>('echo', { method, body: { method } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ method, body: { method } });
  });

  it('passes HEAD and response headers such as set-cookie back', async () => {
    const res = await api('/functions/v1/echo', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('echo=1');
  });

  it('lets a CORS preflight through to the function without credentials', async () => {
    const res = await api('/functions/v1/echo', {
      method: 'OPTIONS',
      key: null,
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    // The hosted platform forwards preflight to the function; the CLI's Kong answers it itself.
    if (stack.target !== 'supabase') {
      expect(res.headers.get('x-echo-preflight')).toBe('function');
      expect(await res.text()).toBe('ok');
    }
  });

  it('resolves npm imports through deno.json offline and calls the platform back with supabase-js', async () => {
    const { data, error } = await anonClient().functions.invoke('supabase-client');
    expect(error).toBeNull();
    expect(data).toEqual({ client: 'function', hello: 'hello, public' });
  });

  it('keeps a worker warm between calls', async () => {
    const client = anonClient();
    const first = await client.functions.invoke<{ calls: number; bootedAt: string }>('counter');
    const second = await client.functions.invoke<{ calls: number; bootedAt: string }>('counter');
    expect(first.error).toBeNull();
    expect(second.data?.bootedAt).toBe(first.data?.bootedAt);
    expect(second.data!.calls).toBeGreaterThan(first.data!.calls);
  });

  it('serves concurrent calls', async () => {
    const client = anonClient();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => client.functions.invoke<Echo>('echo', { body: { i } })));
    results.forEach((r, i) => expect(r.data?.body).toEqual({ i }));
  });

  it('surfaces a function error status to supabase-js as FunctionsHttpError with the response', async () => {
    const { error, response } = await anonClient().functions.invoke('echo/raw?status=422', { body: 'nope' });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(response?.status).toBe(422);
    expect(await (error as FunctionsHttpError).context.text()).toBe('nope');
  });
});
