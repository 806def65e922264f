import { describe, expect, it } from 'vitest';
import { PersistentRows } from './persistent-rows';

interface Item {
  id: string;
  n: number;
}
const item = (id: string, n = 0): Item => ({ id, n });

describe('PersistentRows', () => {
  it('reads like a Map of the rows by id', () => {
    const rows = PersistentRows.from([item('a', 1), item('b', 2), item('a', 3)]);
    expect(rows.size).toBe(2);
    expect(rows.get('a')).toEqual(item('a', 3));
    expect(rows.has('b')).toBe(true);
    expect(rows.has('c')).toBe(false);
    expect(rows.get('c')).toBeUndefined();
    expect([...rows.keys()].sort()).toEqual(['a', 'b']);
    expect([...rows.values()].map((r) => r.n).sort()).toEqual([2, 3]);
    expect(new Map(rows)).toEqual(new Map([['a', item('a', 3)], ['b', item('b', 2)]]));
    const seen: string[] = [];
    rows.forEach((value, key, map) => {
      expect(map).toBe(rows);
      expect(value.id).toBe(key);
      seen.push(key);
    });
    expect(seen.sort()).toEqual(['a', 'b']);
  });

  it('changes into a new value and leaves the old one as it was', () => {
    const empty = PersistentRows.empty<Item>();
    const one = empty.with(item('a'));
    const two = one.with(item('b'));
    const changed = two.with(item('a', 9));
    const removed = changed.without('b');
    expect([empty.size, one.size, two.size, changed.size, removed.size]).toEqual([0, 1, 2, 2, 1]);
    expect(one.has('b')).toBe(false);
    expect(two.get('a')).toEqual(item('a'));
    expect(changed.get('a')).toEqual(item('a', 9));
    expect(removed.has('b')).toBe(false);
    expect(changed.has('b')).toBe(true);
  });

  it('returns itself when nothing changes', () => {
    const row = item('a');
    const rows = PersistentRows.from([row]);
    expect(rows.with(row)).toBe(rows);
    expect(rows.without('zzz')).toBe(rows);
    expect(rows.with(item('a'))).not.toBe(rows);
  });

  it('agrees with a Map over thousands of random changes of UUID rows', () => {
    let rows = PersistentRows.empty<Item>();
    const model = new Map<string, Item>();
    const ids = Array.from({ length: 500 }, () => crypto.randomUUID());
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let step = 0; step < 5000; step += 1) {
      const id = ids[Math.floor(random() * ids.length)]!;
      if (random() < 0.3) {
        rows = rows.without(id);
        model.delete(id);
      } else {
        const row = item(id, step);
        rows = rows.with(row);
        model.set(id, row);
      }
    }
    expect(rows.size).toBe(model.size);
    expect(new Map([...rows].sort(([a], [b]) => a.localeCompare(b)))).toEqual(new Map([...model].sort(([a], [b]) => a.localeCompare(b))));
  });
});
