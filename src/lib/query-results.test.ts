import { PostgrestError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fetchListPage, parsedResult, rowOrNull, type PageableQuery } from './query-results';

const rowSchema = z.object({ id: z.string() });
const failure = (code: string) => new PostgrestError({ code, message: `failed ${code}`, details: '', hint: '' });

/** A select that records its order and range calls and answers `answer`. */
function fakeQuery(answer: { data: unknown; count: number | null; error: PostgrestError | null }) {
  const calls: string[] = [];
  interface Fake extends PageableQuery<Fake> {
    calls: string[];
  }
  const query: Fake = {
    calls,
    order(column, options) {
      calls.push(`order ${column} ${JSON.stringify(options)}`);
      return query;
    },
    range(from, to) {
      calls.push(`range ${from}-${to}`);
      return {
        abortSignal: () => Promise.resolve(answer),
      };
    },
  };
  return query;
}

const state = { page: 2, pageSize: 10, sort: null, q: '', filters: {} };

describe('fetchListPage', () => {
  it('cuts the page, breaks ties on id ascending and answers the parsed rows with the exact total', async () => {
    const query = fakeQuery({ data: [{ id: 'a' }], count: 31, error: null });
    const page = await fetchListPage(query, state, new AbortController().signal, rowSchema.array());
    expect(page).toEqual({ rows: [{ id: 'a' }], total: 31 });
    expect(query.calls).toEqual(['order id {"ascending":true}', 'range 20-29']);
  });

  it("sorts by the screen's column first, with the tie-break and nulls placement asked for", async () => {
    const query = fakeQuery({ data: [], count: null, error: null });
    const sorted = { ...state, page: 0, sort: { column: 'name', direction: 'desc' as const } };
    const page = await fetchListPage(query, sorted, new AbortController().signal, rowSchema.array(), { idAscending: false, nullsFirst: false });
    expect(page).toEqual({ rows: [], total: 0 });
    expect(query.calls).toEqual(['order name {"ascending":false,"nullsFirst":false}', 'order id {"ascending":false}', 'range 0-9']);
  });

  it('throws the PostgREST error as it came', async () => {
    const error = failure('42501');
    await expect(fetchListPage(fakeQuery({ data: null, count: null, error }), state, new AbortController().signal, rowSchema.array())).rejects.toBe(error);
  });
});

describe('rowOrNull', () => {
  it('parses the row, or answers null when there is none or the id is malformed', () => {
    expect(rowOrNull({ data: { id: 'a' }, error: null }, rowSchema)).toEqual({ id: 'a' });
    expect(rowOrNull({ data: null, error: null }, rowSchema)).toBeNull();
    expect(rowOrNull({ data: null, error: failure('22P02') }, rowSchema)).toBeNull();
  });

  it('throws any other error', () => {
    const error = failure('42501');
    expect(() => rowOrNull({ data: null, error }, rowSchema)).toThrow(error);
  });
});

describe('parsedResult', () => {
  it('parses what a write answered, and throws its error as is', () => {
    expect(parsedResult({ data: { id: 'a' }, error: null }, rowSchema)).toEqual({ id: 'a' });
    const error = failure('23514');
    expect(() => parsedResult({ data: null, error }, rowSchema)).toThrow(error);
    expect(() => parsedResult({ data: { id: 1 }, error: null }, rowSchema)).toThrow();
  });
});
