import { describe, expect, it } from 'vitest';
import { ilikeAny, searchTerm, withSearch } from './search-filter';

describe('searchTerm', () => {
  it('keeps words and drops what PostgREST would read as syntax or wildcards', () => {
    expect(searchTerm('  Acme, Inc. (SF) ')).toBe('Acme  Inc.  SF');
    expect(searchTerm('100%*"a":b\\c')).toBe('100   a  b c');
  });

  it('is empty when only syntax was typed', () => {
    expect(searchTerm(' ,()% ')).toBe('');
  });
});

describe('ilikeAny', () => {
  it('matches the cleaned text anywhere in each column', () => {
    expect(ilikeAny(['name', 'code'], 'van, 2')).toBe('name.ilike.*van  2*,code.ilike.*van  2*');
    expect(ilikeAny(['title->>en'], 'Home')).toBe('title->>en.ilike.*Home*');
  });

  it('is null when nothing searchable is left or no column is given', () => {
    expect(ilikeAny(['name'], '  ')).toBeNull();
    expect(ilikeAny(['name'], '%*')).toBeNull();
    expect(ilikeAny([], 'van')).toBeNull();
  });
});

describe('withSearch', () => {
  const query = () => {
    const calls: string[] = [];
    const q = { or: (filter: string) => (calls.push(filter), q), calls };
    return q;
  };

  it('adds one or=(…) filter for the text', () => {
    const q = query();
    expect(withSearch(q, ['name', 'code'], 'van')).toBe(q);
    expect(q.calls).toEqual(['name.ilike.*van*,code.ilike.*van*']);
  });

  it('leaves the query alone when nothing searchable was typed', () => {
    const q = query();
    withSearch(q, ['name'], ' (), ');
    expect(q.calls).toEqual([]);
  });
});
