import { describe, expect, it } from 'vitest';
import { changedSince } from './feed-changes';

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
