import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitStatements, splitTokens } from './sql-statements.ts';

/*
 * The expectations of the first groups are what `supabase db push` (CLI 3.1.0) stored in
 * supabase_migrations.schema_migrations.statements for the same files.
 */

describe('dollar-quoted bodies', () => {
  it('keeps semicolons inside $$ and $tag$ bodies, including a $$ nested in a $fn$ body', () => {
    const sql = `-- functions whose bodies hold semicolons; the file ends with a comment
create table public.stmt_probe (id int primary key, note text);

create or replace function public.stmt_plain() returns int language plpgsql as $$
begin
  insert into public.stmt_probe values (1, 'a;b');
  return 1;
end;
$$;

create or replace function public.stmt_tagged() returns text language plpgsql as $fn$
declare
  s text := $$inner; $$ || 'x';
begin
  return s; -- ; in a comment inside a body
end
$fn$;
do $do$ begin perform 1; end $do$;
select 1 as a$b, ';' as c;
-- trailing comment; with a semicolon
`;
    expect(splitStatements(sql)).toEqual([
      '-- functions whose bodies hold semicolons; the file ends with a comment\ncreate table public.stmt_probe (id int primary key, note text)',
      "create or replace function public.stmt_plain() returns int language plpgsql as $$\nbegin\n  insert into public.stmt_probe values (1, 'a;b');\n  return 1;\nend;\n$$",
      "create or replace function public.stmt_tagged() returns text language plpgsql as $fn$\ndeclare\n  s text := $$inner; $$ || 'x';\nbegin\n  return s; -- ; in a comment inside a body\nend\n$fn$",
      'do $do$ begin perform 1; end $do$',
      "select 1 as a$b, ';' as c",
      '-- trailing comment; with a semicolon',
    ]);
  });

  it('does not take $1 or a $ inside an identifier for a dollar quote', () => {
    expect(splitStatements("select $1; select a$b$c, ';'; select 2")).toEqual(['select $1', "select a$b$c, ';'", 'select 2']);
  });

  it('leaves an unterminated body as one last statement', () => {
    expect(splitStatements('select 1; select $x$ a; b;')).toEqual(['select 1', 'select $x$ a; b']);
  });
});

describe('strings and quoted identifiers', () => {
  it("keeps ';' inside strings, doubled quotes, E'' escapes, continued E'' strings and quoted identifiers", () => {
    const sql = `insert into public.stmt_probe values (2, 'it''s; fine');
insert into public.stmt_probe values (3, E'back\\'slash; \\\\ done');
insert into public.stmt_probe values (4, E'first;'
  'continued; part');
insert into public.stmt_probe values (5, 'héllo; wörld 😀');
select "quoted;""ident" from (select 1 as "quoted;""ident") q;
update public.stmt_probe set note = e'x\\'y;' where id = 5;;
;
 ; 
select 'a' -- comment; here
  || 'b';
`;
    expect(splitStatements(sql)).toEqual([
      "insert into public.stmt_probe values (2, 'it''s; fine')",
      "insert into public.stmt_probe values (3, E'back\\'slash; \\\\ done')",
      "insert into public.stmt_probe values (4, E'first;'\n  'continued; part')",
      "insert into public.stmt_probe values (5, 'héllo; wörld 😀')",
      'select "quoted;""ident" from (select 1 as "quoted;""ident") q',
      "update public.stmt_probe set note = e'x\\'y;' where id = 5",
      "select 'a' -- comment; here\n  || 'b'",
    ]);
  });

  it("treats a backslash in a plain '' string as an ordinary character", () => {
    expect(splitStatements("select 'a\\'; select 2")).toEqual(["select 'a\\'", 'select 2']);
  });

  it("treats E only as a prefix when it is not the end of a longer word", () => {
    expect(splitStatements("select type'x\\'; select 2")).toEqual(["select type'x\\'", 'select 2']);
  });
});

describe('comments', () => {
  it('skips semicolons in line, block and nested block comments', () => {
    const sql = `/* block comment; with a semicolon */
select 1;
/* outer /* nested; */ still comment; */ select 2;
select 3 /* trailing; */;
select 4 -- line; comment
;
select 5 / 2;
select 6;--dash comment; at end
select 7;
`;
    expect(splitStatements(sql)).toEqual([
      '/* block comment; with a semicolon */\nselect 1',
      '/* outer /* nested; */ still comment; */ select 2',
      'select 3 /* trailing; */',
      'select 4 -- line; comment',
      'select 5 / 2',
      'select 6',
      '--dash comment; at end\nselect 7',
    ]);
  });

  it('ends a line comment at \\r as well as \\n', () => {
    expect(splitStatements('select 10;\r\n-- crlf comment; here\r\nselect 11;\r\n')).toEqual(['select 10', '-- crlf comment; here\r\nselect 11']);
  });
});

describe('BEGIN ATOMIC bodies', () => {
  it('keeps the body with its semicolons up to the END that starts a statement', () => {
    const sql = `create function public.stmt_atomic(a int) returns int
language sql
begin atomic
  select case when a > 0 then a else 0 end;
end;

CREATE FUNCTION public.stmt_atomic2() RETURNS SETOF int
LANGUAGE sql
BEGIN   ATOMIC
  SELECT 1;
  SELECT 2; -- two; statements
END;
create procedure public.stmt_atomic3(x int)
language sql
begin atomic
  insert into public.stmt_probe values (x, 'p;q');
  update public.stmt_probe set note = 'end' where id = x;
end;
select public.stmt_atomic(3);
`;
    expect(splitStatements(sql)).toEqual([
      'create function public.stmt_atomic(a int) returns int\nlanguage sql\nbegin atomic\n  select case when a > 0 then a else 0 end;\nend',
      'CREATE FUNCTION public.stmt_atomic2() RETURNS SETOF int\nLANGUAGE sql\nBEGIN   ATOMIC\n  SELECT 1;\n  SELECT 2; -- two; statements\nEND',
      "create procedure public.stmt_atomic3(x int)\nlanguage sql\nbegin atomic\n  insert into public.stmt_probe values (x, 'p;q');\n  update public.stmt_probe set note = 'end' where id = x;\nend",
      'select public.stmt_atomic(3)',
    ]);
  });

  it('does not end the body at a word that merely ends in END, nor at an END after comments only', () => {
    const sql = 'create function f() returns int language sql begin atomic select extend; /* c; */ -- d;\n end; select 2';
    expect(splitStatements(sql)).toEqual([
      'create function f() returns int language sql begin atomic select extend; /* c; */ -- d;\n end',
      'select 2',
    ]);
  });

  it('needs white space between BEGIN and ATOMIC, and whole words', () => {
    expect(splitStatements('select beginatomic; select 2')).toEqual(['select beginatomic', 'select 2']);
    expect(splitStatements('select nonatomic; select 2')).toEqual(['select nonatomic', 'select 2']);
  });
});

describe('parentheses, backslashes and empty statements', () => {
  it('does not split on a semicolon inside parentheses', () => {
    expect(splitStatements('select (1; 2); select 3')).toEqual(['select (1; 2)', 'select 3']);
  });

  it('closes all parentheses at the first ) that closes nested ones, as the CLI does', () => {
    expect(splitStatements('select ((1) ; 2); select 3')).toEqual(['select ((1)', '2)', 'select 3']);
  });

  it('takes the character after a backslash as it is', () => {
    expect(splitStatements('\\; select 1; select 2')).toEqual(['\\; select 1', 'select 2']);
  });

  it('drops empty statements and trailing semicolons, and keeps a file without any', () => {
    expect(splitStatements('')).toEqual([]);
    expect(splitStatements(' ;; \n;\t')).toEqual([]);
    expect(splitStatements('select 1;;;')).toEqual(['select 1']);
    expect(splitStatements('  select 1  ')).toEqual(['select 1']);
  });

  it('splits into raw pieces that add up to the text', () => {
    const sql = "select 1; select ';' ;\n-- end";
    expect(splitTokens(sql)).toEqual(['select 1;', " select ';' ;", '\n-- end']);
    expect(splitTokens(sql).join('')).toBe(sql);
  });
});

describe("the project's own migrations", () => {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../supabase/migrations');
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));

  it.each(files)('%s splits into statements that rebuild the file', (file) => {
    const sql = readFileSync(path.join(dir, file), 'utf8');
    const statements = splitStatements(sql);
    expect(statements.length).toBeGreaterThan(0);
    // Nothing but white space and statement-ending semicolons is lost.
    const squeeze = (s: string) => s.replace(/[\s;]+/gu, '');
    expect(squeeze(statements.join(''))).toBe(squeeze(sql));
  });
});
