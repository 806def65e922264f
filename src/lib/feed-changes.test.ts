import { describe, expect, it } from 'vitest';
import { changedSince, deletedSince } from './feed-changes';

describe('changedSince', () => {
  it('finds the rows of a change feed that changed', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    const b2 = { id: 'b' };
    const before = new Map([
      ['a', a],
      ['b', b],
    ]);
    const after = new Map([
      ['a', a],
      ['b', b2],
      ['c', { id: 'c' }],
    ]);
    expect(changedSince(before, after).map((row) => row.id)).toEqual(['b', 'c']);
  });
});

describe('deletedSince', () => {
  it('finds the ids a topic saw deleted since the last look, carried or not', () => {
    expect(deletedSince(new Set(['a']), new Set(['a', 'b', 'c']))).toEqual(['b', 'c']);
    expect(deletedSince(new Set(['a', 'b']), new Set(['b']))).toEqual([]);
  });
});
