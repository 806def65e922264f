import { describe, expect, it } from 'vitest';
import { anonClient, api } from './clients.ts';

/**
 * Function resolution as PostgREST's findProc (references/api/functions: overloaded functions,
 * functions with a single unnamed parameter): by the set of argument names sent, defaults included;
 * a single unnamed json/jsonb, text, xml or bytea parameter receives the whole body as the fallback.
 */
const db = anonClient();

describe('REST rpc: overloaded functions', () => {
  it('chooses the overload whose parameters are the argument names sent, by GET and POST', async () => {
    expect((await db.rpc('rest_ov_duration', { customer_id: 232 }, { get: true })).data).toBe('by customer 232');
    expect((await db.rpc('rest_ov_duration', { customer_id: 232, from_date: '2018-07-01' }, { get: true })).data).toBe('by customer 232 from 2018-07-01');
    expect((await db.rpc('rest_ov_duration', { customer_id: 7 })).data).toBe('by customer 7');
    expect((await db.rpc('rest_ov_duration', { customer_id: 7, from_date: '2020-01-02' })).data).toBe('by customer 7 from 2020-01-02');
  });

  it('calls the no-argument overload with no arguments, and counts defaults as optional', async () => {
    expect((await db.rpc('rest_ov_greet', {}, { get: true })).data).toBe('hello');
    expect((await db.rpc('rest_ov_greet')).data).toBe('hello');
    expect((await db.rpc('rest_ov_greet', { name: 'ann', punctuation: '?' })).data).toBe('hello ann?');
  });

  it('answers PGRST203 (300) where more than one overload fits, listing them', async () => {
    const greet = await db.rpc('rest_ov_greet', { name: 'ann' });
    expect(greet.status).toBe(300);
    expect(greet.error).toMatchObject({
      code: 'PGRST203',
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    expect(greet.error!.message).toContain('Could not choose the best candidate function between: ');
    expect(greet.error!.message).toContain('public.rest_ov_greet(name => text)');
    expect(greet.error!.message).toContain('public.rest_ov_greet(name => text, punctuation => text)');
    const amb = await db.rpc('rest_ov_ambiguous', { a: 1 }, { get: true });
    expect(amb.status).toBe(300);
    expect(amb.error).toMatchObject({ code: 'PGRST203' });
    expect((await db.rpc('rest_ov_ambiguous', { a: 1, b: 2 })).data).toBe(3);
  });

  it('answers PGRST202 for argument names no overload takes', async () => {
    const res = await db.rpc('rest_ov_duration', { customer_id: 1, nope: 2 });
    expect(res.status).toBe(404);
    expect(res.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_ov_duration(customer_id, nope) in the schema cache',
      details:
        'Searched for the function public.rest_ov_duration with parameters customer_id, nope or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    // The hint is PostgREST's fuzzy match among the overloads' parameter lists.
    expect(res.error!.hint).toBe('Perhaps you meant to call the function public.rest_ov_duration(customer_id, from_date)');
    const one = await db.rpc('rest_ov_duration', { nope: 2 }, { get: true });
    expect(one.error).toMatchObject({
      code: 'PGRST202',
      details: 'Searched for the function public.rest_ov_duration with parameter nope, but no matches were found in the schema cache.',
    });
  });

  it('treats GET query values with an operator as filters on the result, not arguments', async () => {
    const res = await api('/rest/v1/rpc/rest_cities_of?country=Rest%20Arcadia&population=gt.500000&select=name');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ name: 'Port Rest' }]);
  });
});

describe('REST rpc: a single unnamed parameter takes the whole body', () => {
  it('passes a JSON body to a single unnamed json/jsonb parameter only when no overload takes its keys', async () => {
    expect((await db.rpc('rest_ov_json', { x: 5 })).data).toBe('named 5');
    expect((await db.rpc('rest_ov_json', { x: 5, y: 6 })).data).toBe(5);
  });

  it('passes text/plain, text/xml and application/octet-stream bodies to a text, xml or bytea parameter', async () => {
    const text = await api('/rest/v1/rpc/rest_ov_text', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'plain words' });
    expect(text.status).toBe(200);
    expect(await text.json()).toBe('text:plain words');
    const xml = await api('/rest/v1/rpc/rest_ov_xml', { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a>1</a>' });
    expect(xml.status).toBe(200);
    expect(await xml.json()).toBe('xml:<a>1</a>');
    const bytes = await api('/rest/v1/rpc/rest_ov_bytes', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([0, 255, 1, 200]) });
    expect(bytes.status).toBe(200);
    expect(await bytes.json()).toBe(4);
  });

  it('does not pass anything to a single unnamed parameter over GET: only a POST body can fill it', async () => {
    const none = await db.rpc('rest_unnamed_json', {}, { get: true });
    expect(none.status).toBe(404);
    expect(none.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_unnamed_json without parameters in the schema cache',
      details: 'Searched for the function public.rest_unnamed_json without parameters, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.rest_unnamed_json()',
    });
    const keyed = await db.rpc('rest_unnamed_json', { k: 'v' }, { get: true });
    expect(keyed.status).toBe(404);
    expect(keyed.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_unnamed_json(k) in the schema cache',
      details: 'Searched for the function public.rest_unnamed_json with parameter k, but no matches were found in the schema cache.',
    });
  });

  it('answers PGRST202 naming the unnamed parameter it looked for', async () => {
    const res = await api('/rest/v1/rpc/rest_ov_bytes', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'PGRST202',
      details: 'Searched for the function public.rest_ov_bytes with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.rest_ov_bytes in the schema cache',
    });
  });
});

describe('REST rpc: unnamed parameters of other types, and unnamed defaults', () => {
  it('passes a body with the unnamed key "" to the text overload; the int and bool ones are not in the schema cache', async () => {
    expect(await db.rpc('rest_unnamed_by_type', { '': 'abc' })).toMatchObject({ status: 200, data: 'text:{"":"abc"}', error: null });
    expect(await db.rpc('rest_unnamed_by_type', { '': true })).toMatchObject({ status: 200, data: 'text:{"":true}', error: null });
    expect((await db.rpc('rest_unnamed_or_none')).data).toBe(1);
    expect((await db.rpc('rest_unnamed_or_none', { '': '' })).data).toBe('text:{"":""}');
  });

  it('passes the body to a single unnamed json or jsonb parameter under the key ""', async () => {
    expect((await db.rpc('rest_unnamed_json', { '': { k: 'v' } })).data).toBe(null);
    expect((await db.rpc('rest_unnamed_json', { k: 'v' })).data).toBe('v');
    expect((await db.rpc('rest_unnamed_jsonb', { k: 'w' })).data).toBe('w');
  });

  // Its hint (the closest function name of the whole schema) is left out: it changes with the fixture's functions.
  it('answers PGRST202 for a function whose single unnamed parameter is an integer', async () => {
    const res = await db.rpc('rest_unnamed_int', { '': 1 });
    expect(res.status).toBe(404);
    expect(res.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_unnamed_int() in the schema cache',
      details: 'Searched for the function public.rest_unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });

  it('refuses a call without arguments where a no-parameter overload and an unnamed default both fit (PGRST203)', async () => {
    const expected = {
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message: 'Could not choose the best candidate function between: public.rest_unnamed_default(), public.rest_unnamed_default( => text)',
    };
    const none = await db.rpc('rest_unnamed_default');
    expect(none.status).toBe(300);
    expect(none.error).toEqual(expected);
    const empty = await db.rpc('rest_unnamed_default', {}, { get: true });
    expect(empty.status).toBe(300);
    expect(empty.error).toEqual(expected);
    expect((await db.rpc('rest_unnamed_default', { '': 'custom' })).data).toBe('text:{"":"custom"}');
    expect((await db.rpc('rest_unnamed_default', { '': true })).data).toBe('text:{"":true}');
  });
});
