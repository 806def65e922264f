import { describe, expect, it } from 'vitest';
import { anonClient } from './clients.ts';

/**
 * Embedding as PostgREST 13 documents it (references/api/resource_embedding): spreads of to-many
 * resources, computed relationships, embedding by foreign-key column and hints.
 */
const db = anonClient();

describe('REST spread of to-many resources', () => {
  it('turns each spread column of a one-to-many resource into an array, in the same order, [] when none', async () => {
    const { data, error } = await db
      .from('rest_countries')
      .select('name,...rest_cities(city_names:name,pops:population)')
      .in('id', [1, 3])
      .order('id')
      .order('name', { referencedTable: 'rest_cities' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Rest Arcadia', city_names: ['Lowmarsh', 'Northwatch', 'Port Rest'], pops: [null, 300000, 1500000] },
      { name: 'Rest Cascadia', city_names: [], pops: [] },
    ]);
  });

  it('spreads many-to-many resources and applies the embed filters', async () => {
    const m2m = await db.from('rest_drivers').select('name,...rest_vehicles(plates:plate)').order('id').order('plate', { referencedTable: 'rest_vehicles' });
    expect(m2m.error).toBeNull();
    expect(m2m.data).toEqual([
      { name: 'Rest Ada', plates: ['RST-001', 'RST-002'] },
      { name: 'Rest Bo', plates: ['RST-002'] },
      { name: 'Rest Cy', plates: [] },
    ]);
    const capitals = await db.from('rest_countries').select('code,...rest_cities(capital_name:name)').eq('rest_cities.capital', true).in('id', [1, 2]).order('id');
    expect(capitals.data).toEqual([
      { code: 'RA', capital_name: ['Port Rest'] },
      { code: 'RB', capital_name: ['Szohod'] },
    ]);
  });

  it('keeps nested embeds of a to-many spread as arrays of their values', async () => {
    const { data, error } = await db
      .from('rest_countries')
      .select('code,...rest_cities(names:name,routes:rest_routes!rest_routes_origin_fkey(distance_km))')
      .eq('id', 2)
      .order('name', { referencedTable: 'rest_cities' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ code: 'RB', names: ['Kratz', 'Szohod'], routes: [[], [{ distance_km: 60 }]] });
  });
});

describe('REST embedding by foreign key and hints', () => {
  it('embeds through a foreign key column name (select=username(*))', async () => {
    const { data, error } = await db.from('rest_chat_messages').select('message,username(id,username)').eq('id', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'hi ann', username: { id: 2, username: 'bob' } });
  });

  it('embeds the same table twice, told apart by a column hint and a constraint hint', async () => {
    const { data, error } = await db
      .from('rest_chat_messages')
      .select('message,sender:rest_chat_users!sender_id(username),receiver:rest_chat_users!rest_chat_messages_receiver_fkey(username)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { message: 'hi bob', sender: { username: 'ann' }, receiver: { username: 'bob' } },
      { message: 'hi ann', sender: { username: 'bob' }, receiver: { username: 'ann' } },
      { message: 'hi cid', sender: { username: 'ann' }, receiver: { username: 'cid' } },
    ]);
    const sent = await db.from('rest_chat_users').select('username,sent:rest_chat_messages!sender_id(message)').eq('id', 1).order('id', { referencedTable: 'sent' }).single();
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ username: 'ann', sent: [{ message: 'hi bob' }, { message: 'hi cid' }] });
  });

  it('answers PGRST201 with every candidate in details when the embed is ambiguous', async () => {
    const res = await db.from('rest_chat_messages').select('rest_chat_users(*)');
    expect(res.status).toBe(300);
    expect(res.error).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'rest_chat_messages' and 'rest_chat_users'",
    });
    expect(res.error!.details).toEqual(
      expect.arrayContaining([
        {
          cardinality: 'many-to-one',
          embedding: 'rest_chat_messages with rest_chat_users',
          relationship: 'rest_chat_messages_sender_fkey using rest_chat_messages(sender_id) and rest_chat_users(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'rest_chat_messages with rest_chat_users',
          relationship: 'rest_chat_messages_receiver_fkey using rest_chat_messages(receiver_id) and rest_chat_users(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'rest_chat_messages with rest_chat_users',
          relationship: 'rest_chat_messages_username_fkey using rest_chat_messages(username) and rest_chat_users(username)',
        },
      ]),
    );
    expect(res.error!.details).toHaveLength(3);
    expect(res.error!.hint).toContain("'rest_chat_users!rest_chat_messages_sender_fkey'");
    // A hint naming the referenced column `id` still fits two foreign keys.
    const stillAmbiguous = await db.from('rest_chat_messages').select('rest_chat_users!id(*)');
    expect(stillAmbiguous.error).toMatchObject({ code: 'PGRST201' });
    expect(stillAmbiguous.error!.details).toHaveLength(2);
    const reverse = await db.from('rest_chat_users').select('rest_chat_messages(*)');
    expect(reverse.error).toMatchObject({ code: 'PGRST201' });
    expect(reverse.error!.details).toEqual(
      expect.arrayContaining([
        {
          cardinality: 'one-to-many',
          embedding: 'rest_chat_users with rest_chat_messages',
          relationship: 'rest_chat_messages_sender_fkey using rest_chat_users(id) and rest_chat_messages(sender_id)',
        },
      ]),
    );
  });

  it('refuses the same destination embedded twice under one name, hinted by constraint but not aliased (42712)', async () => {
    const res = await db
      .from('rest_chat_messages')
      .select('rest_chat_users!rest_chat_messages_sender_fkey(username),rest_chat_users!rest_chat_messages_receiver_fkey(username)');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: 'table name "rest_chat_messages_rest_chat_users_1" specified more than once',
    });
    // Unhinted, the ambiguity is found first.
    const unhinted = await db.from('rest_chat_messages').select('a:rest_chat_users(*),b:rest_chat_users(*)');
    expect(unhinted.status).toBe(300);
    expect(unhinted.error).toMatchObject({ code: 'PGRST201' });
  });

  it('quotes an embedded resource as <table>_<depth> in an unknown column error, the root by its name', async () => {
    const nested = await db.from('rest_countries').select('name,rest_cities(sum)');
    expect(nested.status).toBe(400);
    expect(nested.error).toEqual({ code: '42703', details: null, hint: null, message: 'column rest_cities_1.sum does not exist' });
    const deeper = await db.from('rest_countries').select('name,rest_cities(name,rest_countries(nope))');
    expect(deeper.error).toMatchObject({ code: '42703', message: 'column rest_countries_2.nope does not exist' });
    const root = await db.from('rest_countries').select('nope');
    expect(root.error).toMatchObject({ code: '42703', message: 'column rest_countries.nope does not exist' });
  });

  it('reads an aggregate without a column, avg(), as an embed of a relation named avg (PGRST200)', async () => {
    const res = await db.from('rest_countries').select('avg()');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'rest_countries' and 'avg' in the schema cache",
      details: "Searched for a foreign key relationship between 'rest_countries' and 'avg' in the schema 'public', but no matches were found.",
    });
  });

  it('answers PGRST200 for a hint that matches nothing', async () => {
    const res = await db.from('rest_chat_messages').select('rest_chat_users!nope(*)');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      code: 'PGRST200',
      details: "Searched for a foreign key relationship between 'rest_chat_messages' and 'rest_chat_users' using the hint 'nope' in the schema 'public', but no matches were found.",
      // rest_chat_users is one of the tables rest_chat_messages relates to: nothing closer to suggest.
      hint: null,
    });
    const misspelt = await db.from('rest_countries').select('rest_citie(*)');
    expect(misspelt.status).toBe(400);
    expect(misspelt.error).toEqual({
      code: 'PGRST200',
      details: "Searched for a foreign key relationship between 'rest_countries' and 'rest_citie' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'rest_cities' instead of 'rest_citie'.",
      message: "Could not find a relationship between 'rest_countries' and 'rest_citie' in the schema cache",
    });
  });

  it('embeds a self-referencing table: the column name is the parent, the table name the children', async () => {
    const { data, error } = await db.from('rest_employees').select('name,manager:manager_id(name),reports:rest_employees(name)').eq('id', 2).order('name', { referencedTable: 'reports' }).single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Mid', manager: { name: 'Boss' }, reports: [{ name: 'Dev' }, { name: 'Ops' }] });
    const hinted = await db.from('rest_employees').select('name,team:rest_employees!manager_id(name)').eq('id', 1).single();
    expect(hinted.error).toBeNull();
    expect(hinted.data).toEqual({ name: 'Boss', team: [{ name: 'Mid' }] });
  });
});

describe('REST computed relationships', () => {
  it('embeds a function of the row that returns setof rows, with column selection, filters and order inside', async () => {
    const { data, error } = await db
      .from('rest_chat_users')
      .select('username,rest_all_messages(id,message)')
      .eq('id', 1)
      .gt('rest_all_messages.id', 1)
      .order('id', { referencedTable: 'rest_all_messages', ascending: false })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ username: 'ann', rest_all_messages: [{ id: 3, message: 'hi cid' }, { id: 2, message: 'hi ann' }] });
    const renamed = await db.from('rest_chat_users').select('username,inbox:rest_all_messages(*)').eq('id', 3).single();
    expect(renamed.error).toBeNull();
    expect(renamed.data).toEqual({ username: 'cid', inbox: [{ id: 3, username: 'ann', sender_id: 1, receiver_id: 3, message: 'hi cid' }] });
  });

  it('embeds a function returning one row (or setof rows 1) as a to-one resource', async () => {
    const { data, error } = await db.from('rest_chat_users').select('username,rest_first_message(message),rest_last_message(message)').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ username: 'ann', rest_first_message: { message: 'hi bob' }, rest_last_message: { message: 'hi cid' } });
  });

  it('filters parents by a computed relationship with !inner', async () => {
    const { data, error } = await db.from('rest_chat_users').select('username,rest_all_messages!inner(id)').eq('rest_all_messages.message', 'hi cid').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'ann', rest_all_messages: [{ id: 3 }] },
      { username: 'cid', rest_all_messages: [{ id: 3 }] },
    ]);
  });

  it('works over views and partitioned tables', async () => {
    const view = await db.from('rest_chat_users_view').select('username,rest_view_messages(id)').eq('id', 2).order('id', { referencedTable: 'rest_view_messages' }).single();
    expect(view.error).toBeNull();
    expect(view.data).toEqual({ username: 'bob', rest_view_messages: [{ id: 1 }, { id: 2 }] });
    const events = await db.from('rest_events').select('id,kind,rest_event_user(username)').order('id');
    expect(events.error).toBeNull();
    expect(events.data).toEqual([
      { id: 1, kind: 'login', rest_event_user: { username: 'ann' } },
      { id: 2, kind: 'logout', rest_event_user: { username: 'ann' } },
      { id: 3, kind: 'login', rest_event_user: { username: 'bob' } },
    ]);
    const toPartitioned = await db.from('rest_chat_users').select('username,rest_user_events(kind)').eq('id', 1).order('id', { referencedTable: 'rest_user_events' }).single();
    expect(toPartitioned.data).toEqual({ username: 'ann', rest_user_events: [{ kind: 'login' }, { kind: 'logout' }] });
  });
});

describe('REST computed fields', () => {
  it('selects, renames and filters a function of the row like a column', async () => {
    const { data, error } = await db.from('rest_chat_messages').select('id,rest_message_blurb,short:rest_message_blurb').neq('rest_message_blurb', 'hi c').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, rest_message_blurb: 'hi b', short: 'hi b' },
      { id: 2, rest_message_blurb: 'hi a', short: 'hi a' },
    ]);
  });

  it('selects computed fields in embedded resources, computed relationships included', async () => {
    const embedded = await db
      .from('rest_chat_users')
      .select('username,sent:rest_chat_messages!rest_chat_messages_sender_fkey(id,rest_message_blurb)')
      .eq('id', 1)
      .order('id', { referencedTable: 'sent' })
      .single();
    expect(embedded.error).toBeNull();
    expect(embedded.data).toEqual({ username: 'ann', sent: [{ id: 1, rest_message_blurb: 'hi b' }, { id: 3, rest_message_blurb: 'hi c' }] });
    const computed = await db.from('rest_chat_users').select('username,rest_all_messages(id,rest_message_blurb)').eq('id', 3).single();
    expect(computed.error).toBeNull();
    expect(computed.data).toEqual({ username: 'cid', rest_all_messages: [{ id: 3, rest_message_blurb: 'hi c' }] });
  });

  it('selects computed fields of the rows a function returns', async () => {
    const { data, error } = await db.rpc('rest_messages_of', { uname: 'ann' }).select('id,rest_message_blurb').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, rest_message_blurb: 'hi b' },
      { id: 3, rest_message_blurb: 'hi c' },
    ]);
  });

  it('selects computed fields and computed relationships from the rows an insert, update or delete returns', async () => {
    const inserted = await db
      .from('rest_chat_messages')
      .insert({ id: 901, message: 'hello there', username: 'ann', sender_id: 1, receiver_id: 2 })
      .select('id,rest_message_blurb');
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([{ id: 901, rest_message_blurb: 'hell' }]);
    const updated = await db.from('rest_chat_messages').update({ message: 'goodbye' }).eq('id', 901).select('id,short:rest_message_blurb');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ id: 901, short: 'good' }]);
    const user = await db.from('rest_chat_users').update({ username: 'cid' }).eq('id', 3).select('username,rest_all_messages(id)').single();
    expect(user.error).toBeNull();
    expect(user.data).toEqual({ username: 'cid', rest_all_messages: [{ id: 3 }] });
    const deleted = await db.from('rest_chat_messages').delete().eq('id', 901).select('id,rest_message_blurb');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ id: 901, rest_message_blurb: 'good' }]);
  });

  it('does not call a function of a row through /rpc: its parameter is unnamed and not json or text', async () => {
    const res = await db.rpc('rest_message_blurb', { id: 1 });
    expect(res.status).toBe(404);
    expect(res.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_message_blurb(id) in the schema cache',
      details: 'Searched for the function public.rest_message_blurb with parameter id or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });

  it('embeds a computed relationship overloaded for two tables, each with its own field selection', async () => {
    const users = await db.from('rest_chat_users').select('username,rest_related(id,message)').eq('id', 2).single();
    expect(users.error).toBeNull();
    expect(users.data).toEqual({ username: 'bob', rest_related: [{ id: 2, message: 'hi ann' }] });
    const employees = await db.from('rest_employees').select('name,rest_related(name)').eq('id', 2).order('name', { referencedTable: 'rest_related' }).single();
    expect(employees.error).toBeNull();
    expect(employees.data).toEqual({ name: 'Mid', rest_related: [{ name: 'Dev' }, { name: 'Ops' }] });
  });
});
