import { describe, expect, it } from 'vitest';
import { FilterParseError, parseArrayLiteral, parseFilter, passesFilters } from './filters.ts';

const types = new Map([
  ['id', 'int8'],
  ['status', 'text'],
  ['done', 'bool'],
  ['due_at', 'timestamptz'],
  ['owner', 'uuid'],
  ['code', 'bpchar'],
  ['amount', 'numeric'],
]);

const pass = (filter: string, row: Record<string, unknown>) => passesFilters(parseFilter(filter), row, types);

function parseError(filter: string): string {
  try {
    parseFilter(filter);
  } catch (e) {
    if (e instanceof FilterParseError) return e.message;
    throw e;
  }
  throw new Error(`${filter} parsed`);
}

describe('parseFilter: Supabase Realtime filter syntax', () => {
  it('parses each operator', () => {
    expect(parseFilter('id=eq.5')).toEqual([{ column: 'id', op: 'eq', value: '5', negate: false }]);
    for (const op of ['neq', 'lt', 'lte', 'gt', 'gte']) expect(parseFilter(`id=${op}.5`)[0]).toMatchObject({ op, value: '5' });
    expect(parseFilter('status=in.(a,b)')).toEqual([{ column: 'status', op: 'in', value: '{a,b}', negate: false }]);
  });

  it('keeps dots after the operator in the value', () => {
    expect(parseFilter('amount=gt.1.5')[0].value).toBe('1.5');
    expect(parseFilter('status=eq.a=b')[0].value).toBe('a=b');
  });

  it('treats no filter, an empty and a blank filter alike', () => {
    expect(parseFilter(undefined)).toEqual([]);
    expect(parseFilter('')).toEqual([]);
    expect(parseFilter('   ')).toEqual([]);
  });

  it('combines comma-separated filters with AND, commas inside in.(...) and quotes included', () => {
    expect(parseFilter('id=gt.0,id=lt.100').map((f) => f.op)).toEqual(['gt', 'lt']);
    expect(parseFilter('status=in.(a,b),id=eq.1')).toHaveLength(2);
    expect(parseFilter('status=eq."a,b"')).toEqual([{ column: 'status', op: 'eq', value: 'a,b', negate: false }]);
  });

  it('negates with not.', () => {
    expect(parseFilter('status=not.eq.done')[0]).toMatchObject({ op: 'eq', value: 'done', negate: true });
  });

  it("answers bad filters with Supabase's texts", () => {
    expect(parseError('status=foo.hey')).toBe('["foo", "hey"]');
    expect(parseError('undefined')).toBe('["undefined"]');
    expect(parseError('id=eq5')).toBe('["eq5"]');
    expect(parseError('status=in.a,b')).toBe('`in` filter value must be wrapped by parentheses');
    expect(parseError('id=eq.1,,id=eq.2')).toBe('filter must not contain empty segments (check for extra commas)');
  });
});

describe('parseArrayLiteral', () => {
  it('reads plain, quoted and NULL elements', () => {
    expect(parseArrayLiteral('{a,b}')).toEqual(['a', 'b']);
    expect(parseArrayLiteral('{"a,b", c ,NULL}')).toEqual(['a,b', 'c', null]);
    expect(parseArrayLiteral('{}')).toEqual([]);
    expect(parseArrayLiteral('{"x\\"y"}')).toEqual(['x"y']);
  });
});

describe('passesFilters: walrus semantics', () => {
  it('compares numbers as numbers', () => {
    expect(pass('id=eq.5', { id: 5 })).toBe(true);
    expect(pass('id=eq.05', { id: 5 })).toBe(true);
    expect(pass('id=neq.5', { id: 5 })).toBe(false);
    expect(pass('id=lt.10', { id: 9 })).toBe(true);
    expect(pass('id=lt.10', { id: 10 })).toBe(false);
    expect(pass('id=lte.10', { id: 10 })).toBe(true);
    expect(pass('id=gt.10', { id: 11 })).toBe(true);
    expect(pass('id=gte.10', { id: 9 })).toBe(false);
    expect(pass('amount=gt.1.5', { amount: 2.25 })).toBe(true);
  });

  it('compares text, uuids, booleans, timestamps and bpchar by their type', () => {
    expect(pass('status=eq.open', { status: 'open' })).toBe(true);
    expect(pass('status=eq.Open', { status: 'open' })).toBe(false);
    expect(pass('owner=eq.A0A0A0A0-0000-4000-8000-000000000001', { owner: 'a0a0a0a0-0000-4000-8000-000000000001' })).toBe(true);
    expect(pass('done=eq.true', { done: true })).toBe(true);
    expect(pass('done=eq.f', { done: false })).toBe(true);
    expect(pass('due_at=eq.2026-01-01T10:00:00Z', { due_at: '2026-01-01T11:00:00+01:00' })).toBe(true);
    expect(pass('due_at=gt.2026-01-01', { due_at: '2026-01-01T00:00:00.000001+00:00' })).toBe(true);
    expect(pass('code=eq.ab', { code: 'ab   ' })).toBe(true);
  });

  it('matches in against each element', () => {
    expect(pass('status=in.(open,done)', { status: 'done' })).toBe(true);
    expect(pass('status=in.(open,done)', { status: 'late' })).toBe(false);
    expect(pass('id=in.(1,2,3)', { id: 2 })).toBe(true);
  });

  it('never passes a NULL value, not even neq', () => {
    expect(pass('status=eq.open', { status: null })).toBe(false);
    expect(pass('status=neq.open', { status: null })).toBe(false);
    expect(pass('status=not.eq.open', { status: null })).toBe(false);
    expect(pass('status=is.null', { status: null })).toBe(true);
    expect(pass('status=not.is.null', { status: 'x' })).toBe(true);
  });

  it('fails closed on a column the row lacks (a DELETE without REPLICA IDENTITY FULL)', () => {
    expect(pass('status=eq.open', { id: 1 })).toBe(false);
    expect(passesFilters(parseFilter('status=eq.open'), null, types)).toBe(false);
  });

  it('requires every filter of a comma-separated list', () => {
    expect(pass('id=gt.0,status=eq.open', { id: 1, status: 'open' })).toBe(true);
    expect(pass('id=gt.0,status=eq.open', { id: 1, status: 'done' })).toBe(false);
  });

  it('applies like, ilike and match', () => {
    expect(pass('status=like.op%', { status: 'open' })).toBe(true);
    expect(pass('status=like.OP%', { status: 'open' })).toBe(false);
    expect(pass('status=ilike.OP%', { status: 'open' })).toBe(true);
    expect(pass('status=like.o_en', { status: 'open' })).toBe(true);
    expect(pass('status=match.^o.e', { status: 'open' })).toBe(true);
  });

  it('passes everything without filters', () => {
    expect(passesFilters([], { id: 1 }, types)).toBe(true);
  });
});
