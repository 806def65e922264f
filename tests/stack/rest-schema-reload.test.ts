import { describe, expect, it } from 'vitest';
import { serviceClient } from './clients.ts';

const db = serviceClient();

describe('REST schema cache reload', () => {
  it("sees a table created at runtime after NOTIFY pgrst, 'reload schema', without a restart", async () => {
    const suffix = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const table = `rest_dyn_${suffix}`;
    const before = await db.from(table).select('*');
    expect(before.status).toBe(404);
    expect(before.error).toMatchObject({ code: 'PGRST205' });
    const ddl = await db.rpc('rest_create_dynamic_table', { suffix });
    expect(ddl.error).toBeNull();
    // The reload is asynchronous (PostgREST's too): poll briefly.
    let last: { data: unknown; status: number } = { data: null, status: 0 };
    for (let i = 0; i < 50; i++) {
      last = await db.from(table).select('id,label');
      if (last.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(last.status).toBe(200);
    expect(last.data).toEqual([{ id: 1, label: suffix }]);
    const inserted = await db.from(table).insert({ id: 2, label: 'two' }).select('id').single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ id: 2 });
  });
});
