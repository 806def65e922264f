import { describe, expect, it } from 'vitest';
import { fuzzyClosest, fuzzyMatches } from './fuzzy.ts';

// Expectations from PostgREST's own examples of its hints (Error.hs doctests) and fuzzyset's.
describe('fuzzy set', () => {
  it('suggests the closest function name of the schema, or nothing when none is close', () => {
    expect(fuzzyClosest(['test', 'another'], 'testt')).toBe('test');
    expect(fuzzyClosest(['test', 'another'], 'other')).toBe('another');
    expect(fuzzyClosest(['test', 'another'], 'noclosealternative')).toBeNull();
  });

  it('matches parameter lists written as "(a, b)"', () => {
    const lists = ['(name, param, val)', '(attr, id)'];
    expect(fuzzyClosest(lists, '(nam, pqaram, vall)')).toBe('(name, param, val)');
    expect(fuzzyClosest(lists, '(param, val)')).toBe('(name, param, val)');
    expect(fuzzyClosest(lists, '(attrs, id)')).toBe('(attr, id)');
    expect(fuzzyClosest(lists, '(id)')).toBe('(attr, id)');
    expect(fuzzyClosest(lists, '(noclosealternative)')).toBeNull();
  });

  it('suggests table names, scoring an exact (case-insensitive) match 1', () => {
    expect(fuzzyClosest(['films'], 'film')).toBe('films');
    expect(fuzzyClosest(['directors', 'roles', 'actors'], 'role')).toBe('roles');
    expect(fuzzyMatches(['directors', 'roles', 'actors'], 'Actors')).toEqual([{ score: 1, entry: 'actors' }]);
    expect(fuzzyClosest(['directors', 'roles', 'actors'], 'noclosealternative')).toBeNull();
  });

  it('finds the terminator for percolator, as fuzzyset documents', () => {
    expect(fuzzyClosest(['Jurassic Park', 'Terminator', 'The Matrix'], 'percolator')).toBe('Terminator');
  });

  // The public functions PostgREST can call in supabase-js's test schema, and the hints its tests expect
  // of a current PostgREST, which names a function only at a score of 0.75 or more.
  const supabaseJsFunctions = [
    'postgrest_resolvable_with_override_function', 'postgrest_unresolvable_function', 'echo_bigint_as_text',
    'extract_jsonb_bigint_as_text', 'function_returning_row', 'function_returning_set_of_rows', 'function_returning_single_row',
    'function_using_setof_rows_one', 'function_using_table_returns', 'function_with_array_param', 'function_with_optional_param',
    'get_active_user_messages', 'get_messages', 'get_messages_by_username', 'get_recent_messages_by_username', 'get_status',
    'get_user_first_message', 'get_user_messages', 'get_user_profile', 'get_user_profile_non_nullable', 'get_user_recent_messages',
    'get_username_and_status', 'offline_user', 'polymorphic_function_with_different_return', 'polymorphic_function_with_no_params_or_unnamed',
    'polymorphic_function_with_unnamed_default', 'polymorphic_function_with_unnamed_default_overload', 'polymorphic_function_with_unnamed_json',
    'polymorphic_function_with_unnamed_jsonb', 'polymorphic_function_with_unnamed_text', 'set_users_offline', 'void_func',
  ];

  it('gives the hints supabase-js expects for functions PostgREST cannot call', () => {
    expect(fuzzyClosest(supabaseJsFunctions, 'polymorphic_function_with_unnamed_integer', 0.75)).toBe('polymorphic_function_with_unnamed_text');
    expect(fuzzyClosest(supabaseJsFunctions, 'created_ago', 0.75)).toBeNull();
    expect(fuzzyClosest(supabaseJsFunctions, 'days_since_event', 0.75)).toBeNull();
    expect(fuzzyClosest(supabaseJsFunctions, 'blurb_message', 0.75)).toBeNull();
    expect(fuzzyClosest(supabaseJsFunctions, 'blurb_message')).toBe('get_messages');
  });
});
