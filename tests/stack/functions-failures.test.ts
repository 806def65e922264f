import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, stack } from './clients.ts';

describe('edge functions: failures', () => {
  it('answers for a function that throws in its handler, then serves again', async () => {
    const client = anonClient();
    const { error, response } = await client.functions.invoke('crash');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(response?.status).toBe(500);
    expect(await response!.json()).toMatchObject({ code: 'WORKER_ERROR' });
    const again = await client.functions.invoke('crash');
    expect(again.response?.status).toBe(500);
    expect((await client.functions.invoke('echo', { body: { after: 'crash' } })).error).toBeNull();
  });

  it('answers for a function that throws while loading, every time, and the stack keeps serving', async () => {
    const client = anonClient();
    for (let i = 0; i < 2; i++) {
      const { error, response } = await client.functions.invoke('broken');
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(response?.status).toBe(503);
      expect(await response!.json()).toMatchObject({ code: 'BOOT_ERROR' });
    }
    expect((await client.functions.invoke('public-hello')).data).toBe('hello, public');
  });

  // Supabase's wall clock is 150 s; the stack under test runs with a few seconds.
  it.skipIf(stack.target === 'supabase')('ends a hanging function with an error within the time limit, then serves it again', async () => {
    const client = anonClient();
    const started = Date.now();
    const [hung, meanwhile] = await Promise.all([client.functions.invoke('hang'), client.functions.invoke('public-hello')]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(hung.error).toBeInstanceOf(FunctionsHttpError);
    expect(hung.response?.status).toBe(546);
    expect(await hung.response!.json()).toMatchObject({ code: 'WORKER_LIMIT' });
    expect(meanwhile.data).toBe('hello, public');
    // The killed worker is replaced on the next call.
    const second = await client.functions.invoke('hang');
    expect(second.response?.status).toBe(546);
  });
});
