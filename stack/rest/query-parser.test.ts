import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseFilter, parseList, parseLogic, parseNameList, parseOrder, parseSelect } from './query-parser.ts';

function parseErrorOf(fn: () => unknown): RestError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RestError) return e;
    throw e;
  }
  throw new Error('expected a parse error');
}

describe('select', () => {
  it('parses columns, renames, casts, json paths and stars', () => {
    expect(parseSelect('*,alias:name,id::text,meta->region->>name,first:meta->>capital::text')).toEqual([
      { kind: 'star' },
      { kind: 'column', field: { name: 'name', jsonPath: [] }, alias: 'alias', cast: undefined },
      { kind: 'column', field: { name: 'id', jsonPath: [] }, alias: undefined, cast: 'text' },
      { kind: 'column', field: { name: 'meta', jsonPath: [{ arrow: '->', key: 'region' }, { arrow: '->>', key: 'name' }] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'capital' }] }, alias: 'first', cast: 'text' },
    ]);
  });

  it('parses embeds with hints, join types, renames, spreads and nesting', () => {
    expect(parseSelect('id,origin:cities!origin_fkey!inner(name,countries(*)),...countries(code),empty()')).toEqual([
      { kind: 'column', field: { name: 'id', jsonPath: [] }, alias: undefined, cast: undefined },
      {
        kind: 'embed',
        name: 'cities',
        alias: 'origin',
        hint: 'origin_fkey',
        joinType: 'inner',
        spread: false,
        select: [
          { kind: 'column', field: { name: 'name', jsonPath: [] }, alias: undefined, cast: undefined },
          { kind: 'embed', name: 'countries', alias: undefined, hint: undefined, joinType: undefined, spread: false, select: [{ kind: 'star' }] },
        ],
      },
      { kind: 'embed', name: 'countries', alias: undefined, hint: undefined, joinType: undefined, spread: true, select: [{ kind: 'column', field: { name: 'code', jsonPath: [] }, alias: undefined, cast: undefined }] },
      { kind: 'embed', name: 'empty', alias: undefined, hint: undefined, joinType: undefined, spread: false, select: [] },
    ]);
  });

  it('accepts quoted names with reserved characters', () => {
    expect(parseSelect('"my col","a,b":x')).toMatchObject([{ field: { name: 'my col' } }, { alias: 'a,b', field: { name: 'x' } }]);
  });

  it('treats an empty select as *', () => {
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
  });

  it.each(['id,', 'id)', 'cities(name', 'id::', 'a;drop table x', "id'", 'x(y)z'])('rejects %s with PGRST100', (text) => {
    const e = parseErrorOf(() => parseSelect(text));
    expect(e.code).toBe('PGRST100');
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^"failed to parse select parameter \(.*\)" \(line 1, column \d+\)$/);
  });
});

describe('filters', () => {
  it('parses operators, negation, modifiers and values verbatim', () => {
    expect(parseFilter('name', 'eq.a.b')).toMatchObject({ op: 'eq', negated: false, value: 'a.b' });
    expect(parseFilter('id', 'not.in.(1,2,"3,4")')).toMatchObject({ op: 'in', negated: true, value: ['1', '2', '3,4'] });
    expect(parseFilter('d', 'fts(english).cat & dog')).toMatchObject({ op: 'fts', config: 'english', value: 'cat & dog' });
    expect(parseFilter('d', 'like(any).{a*,b*}')).toMatchObject({ op: 'like', quantifier: 'any', value: ['a*', 'b*'] });
    expect(parseFilter('x', 'is.NULL')).toMatchObject({ op: 'is', value: 'NULL' });
    expect(parseFilter('meta->region->>name', 'eq.North').field).toEqual({
      name: 'meta',
      jsonPath: [{ arrow: '->', key: 'region' }, { arrow: '->>', key: 'name' }],
    });
    expect(parseFilter('tags', 'cs.{a,b}')).toMatchObject({ op: 'cs', value: '{a,b}' });
  });

  it.each([
    ['id', 'equals.1'],
    ['id', '1'],
    ['id', 'in.1,2'],
    ['x', 'is.maybe'],
    ['id', 'eq(some).1'],
    ['d', 'fts(eng lish).x'],
  ])('rejects %s=%s with PGRST100', (key, value) => {
    const e = parseErrorOf(() => parseFilter(key, value));
    expect(e.code).toBe('PGRST100');
    expect(e.message).toMatch(/^"failed to parse filter/);
  });
});

describe('logic trees', () => {
  it('parses nested and/or with negation and quoted values', () => {
    expect(parseLogic('or', false, '(a.eq.1,and(b.gt.2,c.not.is.null),not.or(d.in.(1,2),e.eq."x,y"))')).toEqual({
      kind: 'logic',
      op: 'or',
      negated: false,
      children: [
        { kind: 'filter', field: { name: 'a', jsonPath: [] }, negated: false, op: 'eq', value: '1' },
        {
          kind: 'logic',
          op: 'and',
          negated: false,
          children: [
            { kind: 'filter', field: { name: 'b', jsonPath: [] }, negated: false, op: 'gt', value: '2' },
            { kind: 'filter', field: { name: 'c', jsonPath: [] }, negated: true, op: 'is', value: 'null' },
          ],
        },
        {
          kind: 'logic',
          op: 'or',
          negated: true,
          children: [
            { kind: 'filter', field: { name: 'd', jsonPath: [] }, negated: false, op: 'in', value: ['1', '2'] },
            { kind: 'filter', field: { name: 'e', jsonPath: [] }, negated: false, op: 'eq', value: 'x,y' },
          ],
        },
      ],
    });
  });

  it.each(['a.eq.1', '(a.eq.1', '(a.eq.1))', '(a.zz.1)', '()'])('rejects %s with PGRST100', (text) => {
    const e = parseErrorOf(() => parseLogic('or', false, text));
    expect(e.code).toBe('PGRST100');
    expect(e.message).toMatch(/^"failed to parse logic tree/);
  });
});

describe('order', () => {
  it('parses directions, nulls placement, json paths and related columns', () => {
    expect(parseOrder('a.desc.nullslast,b,c.nullsfirst,meta->>x.asc,countries(name).desc')).toEqual([
      { field: { name: 'a', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', jsonPath: [] } },
      { field: { name: 'c', jsonPath: [] }, nulls: 'first' },
      { field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'x' }] }, direction: 'asc' },
      { relation: 'countries', field: { name: 'name', jsonPath: [] }, direction: 'desc' },
    ]);
  });

  it.each(['a.sideways', 'a.desc.desc', 'a;drop', 'a,'])('rejects %s with PGRST100', (text) => {
    expect(parseErrorOf(() => parseOrder(text)).code).toBe('PGRST100');
  });
});

describe('lists', () => {
  it('splits in-lists and name lists', () => {
    expect(parseList('(a, b,"c\\"d",)', '(', ')')).toEqual(['a', 'b', 'c"d', '']);
    expect(parseList('()', '(', ')')).toEqual([]);
    expect(parseNameList('columns', '"a","b c",d')).toEqual(['a', 'b c', 'd']);
    expect(parseErrorOf(() => parseNameList('on_conflict', 'a;b')).code).toBe('PGRST100');
  });
});

describe('aggregates', () => {
  it('parses col.agg(), count() and the casts before and after the aggregate', () => {
    expect(parseSelect('amount::int.sum(),n:amount::int.max()::text')).toEqual([
      { kind: 'column', field: { name: 'amount', jsonPath: [] }, alias: undefined, cast: undefined, aggregate: 'sum', aggregateInputCast: 'int' },
      { kind: 'column', field: { name: 'amount', jsonPath: [] }, alias: 'n', cast: 'text', aggregate: 'max', aggregateInputCast: 'int' },
    ]);
    expect(parseSelect('amount.sum(),status,total:count(),avg:amount.avg()::int')).toEqual([
      { kind: 'column', field: { name: 'amount', jsonPath: [] }, alias: undefined, cast: undefined, aggregate: 'sum' },
      { kind: 'column', field: { name: 'status', jsonPath: [] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { name: '*', jsonPath: [] }, alias: 'total', cast: undefined, aggregate: 'count' },
      { kind: 'column', field: { name: 'amount', jsonPath: [] }, alias: 'avg', cast: 'int', aggregate: 'avg' },
    ]);
  });

  it('keeps count inside an embed as a column item (related count)', () => {
    expect(parseSelect('*,items(count)')).toEqual([
      { kind: 'star' },
      { kind: 'embed', name: 'items', alias: undefined, hint: undefined, joinType: undefined, spread: false, select: [{ kind: 'column', field: { name: 'count', jsonPath: [] }, alias: undefined, cast: undefined }] },
    ]);
  });
});
