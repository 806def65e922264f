import { describe, expect, it } from 'vitest';
import { adaptExtensionScript } from './pgtap.ts';

describe('adaptExtensionScript', () => {
  it('drops psql meta-commands and resolves @extschema@ as CREATE EXTENSION does', () => {
    const sql = '\\echo Use "CREATE EXTENSION pgtap" to load this file. \\quit\nCREATE FUNCTION @extschema@.f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql;\n';
    expect(adaptExtensionScript(sql, 'extensions')).toBe('CREATE FUNCTION "extensions".f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql;\n');
  });

  it('refuses a script that needs a C library', () => {
    expect(() => adaptExtensionScript("CREATE FUNCTION f() RETURNS int AS 'MODULE_PATHNAME' LANGUAGE c;", 'extensions')).toThrow(/C library/);
  });
});
