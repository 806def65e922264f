import { describe, expect, it } from 'vitest';
import { functionSites } from './migration-functions.ts';

describe('functionSites', () => {
  it('lists each migration that creates a function, in order, by schema and name', () => {
    const sites = functionSites([
      { name: '1_a.sql', sql: 'create or replace function private.helper(x int) returns int language sql as $$ select x $$;\ncreate function save(a uuid) returns void language sql as $$ $$;' },
      { name: '2_b.sql', sql: 'CREATE OR REPLACE FUNCTION private.helper(x int, y int) RETURNS int LANGUAGE sql AS $$ select x $$;' },
      { name: '3_c.sql', sql: 'create or replace function public.save (a uuid) returns void language sql as $$ $$;' },
    ]);
    expect(Object.fromEntries(sites)).toEqual({
      'private.helper': [{ file: '1_a.sql', how: 'create' }, { file: '2_b.sql', how: 'create' }],
      'public.save': [{ file: '1_a.sql', how: 'create' }, { file: '3_c.sql', how: 'create' }],
    });
  });

  it('marks a migration that rewrites a definition through pg_get_functiondef', () => {
    const sites = functionSites([
      { name: '1_a.sql', sql: 'create or replace function public.save_warehouse(p uuid) returns void language sql as $$ $$;' },
      { name: '2_b.sql', sql: "do $$ declare def text := pg_get_functiondef('public.save_warehouse(uuid)'::regprocedure); begin execute replace(def, 'a', 'b'); end $$;" },
      { name: '3_c.sql', sql: 'create or replace function public.save_warehouse(p uuid) returns void language sql as $$ select 1 $$;' },
    ]);
    expect(sites.get('public.save_warehouse')).toEqual([
      { file: '1_a.sql', how: 'create' },
      { file: '2_b.sql', how: 'rewrite' },
      { file: '3_c.sql', how: 'create' },
    ]);
  });

  it('does not count a definition quoted in a line comment', () => {
    const sites = functionSites([{ name: '1_a.sql', sql: '-- create or replace function public.gone(x int) was here\nselect 1;' }]);
    expect(sites.size).toBe(0);
  });
});
