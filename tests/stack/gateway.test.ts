import { describe, expect, it } from 'vitest';
import { api } from './clients.ts';

describe('API gateway', () => {
  it('refuses a REST call without an apikey, as Supabase does', async () => {
    const res = await api('/rest/v1/', { key: null });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('refuses an unknown apikey', async () => {
    const res = await api('/rest/v1/', { key: 'not-a-key' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid API key' });
  });
});
