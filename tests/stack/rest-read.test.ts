import { describe, expect, it } from 'vitest';
import { anonClient, api } from './clients.ts';

const db = anonClient();

describe('REST reads: select', () => {
  it('selects columns with renames, casts and json paths', async () => {
    const { data, error } = await db
      .from('rest_countries')
      .select('id,label:name,pop:population::text,capital:meta->>capital,region:meta->region->name')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, label: 'Rest Arcadia', pop: '5000000', capital: 'Port Rest', region: 'North' });
    const raw = await api('/rest/v1/rest_countries?select=meta->region&id=eq.1');
    expect(await raw.json()).toEqual([{ region: { name: 'North' } }]);
  });

  it('selects * and every column type as JSON', async () => {
    const { data, error } = await db.from('rest_countries').select('*').eq('code', 'RA');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ id: 1, name: 'Rest Arcadia', population: 5000000, tags: ['coastal', 'north'], founded: '1901-01-01' });
    expect(data![0].meta).toEqual({ capital: 'Port Rest', region: { name: 'North' } });
  });

  it('reads views', async () => {
    const { data, error } = await db.from('rest_big_cities').select('name').order('name');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Port Rest' }, { name: 'Szohod' }]);
  });

  it('answers 42703 for an unknown column and PGRST205 for an unknown table', async () => {
    const col = await db.from('rest_countries').select('nope');
    expect(col.status).toBe(400);
    expect(col.error).toMatchObject({ code: '42703' });
    expect(col.error!.message).toContain('nope');
    const table = await db.from('rest_no_such_table').select();
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.rest_no_such_table' in the schema cache" });
  });
});

describe('REST reads: embedding', () => {
  it('embeds to-one, to-many and nested resources', async () => {
    const { data, error } = await db
      .from('rest_cities')
      .select('name,country:rest_countries(name,rest_cities(name))')
      .eq('id', 5)
      .single<{ name: string; country: { name: string; rest_cities: Array<{ name: string }> } }>();
    expect(error).toBeNull();
    expect(data!.name).toBe('Kratz');
    expect(data!.country.name).toBe('Rest Borduria');
    expect(data!.country.rest_cities.map((c) => c.name).sort()).toEqual(['Kratz', 'Szohod']);
  });

  it('orders, limits and filters embedded to-many resources', async () => {
    const { data, error } = await db
      .from('rest_countries')
      .select('name,rest_cities(name,population)')
      .eq('id', 1)
      .order('population', { referencedTable: 'rest_cities', ascending: false, nullsFirst: false })
      .limit(2, { referencedTable: 'rest_cities' })
      .single();
    expect(error).toBeNull();
    expect(data!.rest_cities).toEqual([
      { name: 'Port Rest', population: 1500000 },
      { name: 'Northwatch', population: 300000 },
    ]);
    const filtered = await db.from('rest_countries').select('name,rest_cities(name)').eq('rest_cities.capital', true).in('id', [1, 2]).order('id');
    expect(filtered.data).toEqual([
      { name: 'Rest Arcadia', rest_cities: [{ name: 'Port Rest' }] },
      { name: 'Rest Borduria', rest_cities: [{ name: 'Szohod' }] },
    ]);
    const orFiltered = await db
      .from('rest_countries')
      .select('id,rest_cities(name)')
      .eq('id', 1)
      .or('name.eq.Lowmarsh,population.lt.400000', { referencedTable: 'rest_cities' })
      .order('name', { referencedTable: 'rest_cities' });
    expect(orFiltered.data).toEqual([{ id: 1, rest_cities: [{ name: 'Lowmarsh' }, { name: 'Northwatch' }] }]);
  });

  it('filters parents by embedded rows with !inner', async () => {
    const { data, error } = await db.from('rest_countries').select('name,rest_cities!inner(name)').eq('rest_cities.name', 'Kratz');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Rest Borduria', rest_cities: [{ name: 'Kratz' }] }]);
    const none = await db.from('rest_cities').select('name,rest_countries!inner(code)').eq('rest_countries.code', 'RC');
    expect(none.data).toEqual([]);
  });

  it('filters by whether an embed exists', async () => {
    const { data } = await db.from('rest_drivers').select('name,rest_vehicles()').not('rest_vehicles', 'is', null).order('name');
    expect(data).toEqual([{ name: 'Rest Ada' }, { name: 'Rest Bo' }]);
  });

  it('disambiguates with hints and renames embeds', async () => {
    const ambiguous = await db.from('rest_routes').select('*,rest_cities(*)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({ code: 'PGRST201' });
    expect(ambiguous.error!.details).toHaveLength(2);
    expect(ambiguous.error!.hint).toContain("'rest_cities!rest_routes_origin_fkey'");

    const { data, error } = await db
      .from('rest_routes')
      .select('distance_km,from:rest_cities!rest_routes_origin_fkey(name),to:rest_cities!destination_id(name)')
      .eq('id', 4)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ distance_km: 800, from: { name: 'Port Rest' }, to: { name: 'Szohod' } });
  });

  it('embeds many-to-many through a junction table', async () => {
    const { data, error } = await db.from('rest_drivers').select('name,rest_vehicles(plate)').order('id').lte('id', 3);
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Rest Ada', rest_vehicles: [{ plate: 'RST-001' }, { plate: 'RST-002' }] },
      { name: 'Rest Bo', rest_vehicles: [{ plate: 'RST-002' }] },
      { name: 'Rest Cy', rest_vehicles: [] },
    ]);
  });

  it('spreads a to-one embed into the parent', async () => {
    const { data } = await db.from('rest_cities').select('name,...rest_countries(country:name)').eq('id', 4).single();
    expect(data).toEqual({ name: 'Szohod', country: 'Rest Borduria' });
  });

  it('answers PGRST200 for an unknown relationship and PGRST108 for a filter on a missing embed', async () => {
    const rel = await db.from('rest_countries').select('*,rest_drivers(*)');
    expect(rel.status).toBe(400);
    expect(rel.error).toMatchObject({ code: 'PGRST200', message: "Could not find a relationship between 'rest_countries' and 'rest_drivers' in the schema cache" });
    const embedFilter = await db.from('rest_countries').select('name').eq('rest_cities.name', 'x');
    expect(embedFilter.status).toBe(400);
    expect(embedFilter.error).toMatchObject({ code: 'PGRST108' });
  });
});

describe('REST reads: filters', () => {
  const names = async (q: PromiseLike<{ data: Array<{ name: string }> | null; error: unknown }>) => {
    const { data, error } = await q;
    expect(error).toBeNull();
    return data!.map((r) => r.name).sort();
  };
  const cities = () => db.from('rest_cities').select('name').lte('id', 5);

  it('compares with eq neq gt gte lt lte', async () => {
    expect(await names(cities().eq('population', 80000))).toEqual(['Kratz']);
    expect(await names(cities().neq('capital', true))).toEqual(['Kratz', 'Lowmarsh', 'Northwatch']);
    expect(await names(cities().gt('population', 1200000))).toEqual(['Port Rest']);
    expect(await names(cities().gte('population', 1200000))).toEqual(['Port Rest', 'Szohod']);
    expect(await names(cities().lt('population', 300000))).toEqual(['Kratz']);
    expect(await names(cities().lte('population', 300000))).toEqual(['Kratz', 'Northwatch']);
  });

  it('matches patterns with like ilike match imatch and their any/all forms', async () => {
    expect(await names(cities().like('name', '%watch'))).toEqual(['Northwatch']);
    expect(await names(cities().ilike('name', 'port%'))).toEqual(['Port Rest']);
    expect(await names(cities().match({ capital: true, country_id: 2 }))).toEqual(['Szohod']);
    expect(await names(cities().filter('name', 'match', '^K'))).toEqual(['Kratz']);
    expect(await names(cities().filter('name', 'imatch', '^k'))).toEqual(['Kratz']);
    expect(await names(cities().likeAnyOf('name', ['K%', 'L%']))).toEqual(['Kratz', 'Lowmarsh']);
    expect(await names(cities().ilikeAllOf('name', ['%o%', '%r%']))).toEqual(['Lowmarsh', 'Northwatch', 'Port Rest']);
    const raw = await api('/rest/v1/rest_cities?select=name&name=like.*marsh');
    expect(await raw.json()).toEqual([{ name: 'Lowmarsh' }]);
  });

  it('tests membership, nulls and booleans with in and is', async () => {
    expect(await names(cities().in('name', ['Kratz', 'Szohod', 'Nowhere, Else']))).toEqual(['Kratz', 'Szohod']);
    expect(await names(cities().is('population', null))).toEqual(['Lowmarsh']);
    expect(await names(cities().not('population', 'is', null).is('capital', true))).toEqual(['Port Rest', 'Szohod']);
    expect(await names(cities().not('name', 'in', '(Kratz,Szohod,Lowmarsh)'))).toEqual(['Northwatch', 'Port Rest']);
    expect(await names(cities().in('id', []))).toEqual([]);
  });

  it('compares arrays and jsonb with cs cd ov', async () => {
    const countries = () => db.from('rest_countries').select('name').lte('id', 3);
    expect(await names(countries().contains('tags', ['north']))).toEqual(['Rest Arcadia']);
    expect(await names(countries().containedBy('tags', ['inland', 'coastal']))).toEqual(['Rest Borduria', 'Rest Cascadia']);
    expect(await names(countries().overlaps('tags', ['inland', 'north']))).toEqual(['Rest Arcadia', 'Rest Borduria']);
    expect(await names(countries().contains('meta', { region: { name: 'East' } }))).toEqual(['Rest Borduria']);
    expect(await names(countries().eq('meta->region->>name', 'North'))).toEqual(['Rest Arcadia']);
  });

  it('searches text with fts plfts phfts wfts, with and without a configuration', async () => {
    expect(await names(cities().textSearch('description_tsv', 'river & bridges'))).toEqual(['Szohod']);
    expect(await names(cities().textSearch('description', 'river', { config: 'english' }))).toEqual(['Kratz', 'Szohod']);
    expect(await names(cities().textSearch('description', 'fish markets', { type: 'plain', config: 'english' }))).toEqual(['Port Rest']);
    expect(await names(cities().textSearch('description', 'mountain town', { type: 'phrase', config: 'english' }))).toEqual(['Northwatch']);
    expect(await names(cities().textSearch('description', 'river -bridges', { type: 'websearch', config: 'english' }))).toEqual(['Kratz']);
  });

  it('combines with or, and, nesting and not', async () => {
    expect(await names(cities().or('population.gt.1000000,name.eq.Kratz'))).toEqual(['Kratz', 'Port Rest', 'Szohod']);
    expect(await names(cities().or('and(country_id.eq.1,capital.is.false),name.eq.Kratz'))).toEqual(['Kratz', 'Lowmarsh', 'Northwatch']);
    expect(await names(cities().not('name', 'eq', 'Kratz').eq('country_id', 2))).toEqual(['Szohod']);
    const raw = await api('/rest/v1/rest_cities?select=name&id=lte.5&not.or=(country_id.eq.1,name.eq.Kratz)');
    expect(await raw.json()).toEqual([{ name: 'Szohod' }]);
    const nested = await api('/rest/v1/rest_cities?select=name&and=(id.lte.5,or(name.eq."Port Rest",population.is.null))&order=name');
    expect(await nested.json()).toEqual([{ name: 'Lowmarsh' }, { name: 'Port Rest' }]);
  });

  it('answers 22P02 for a value of the wrong type and PGRST100 for an unknown operator', async () => {
    const typed = await db.from('rest_cities').select('name').eq('population', 'abc');
    expect(typed.status).toBe(400);
    expect(typed.error).toMatchObject({ code: '22P02' });
    const op = await api('/rest/v1/rest_cities?population=between.1.2');
    expect(op.status).toBe(400);
    expect(await op.json()).toMatchObject({ code: 'PGRST100', message: expect.stringContaining('failed to parse filter (between.1.2)') });
  });
});

describe('REST reads: order, pages and counts', () => {
  it('orders with direction and null placement, also by an embedded to-one column', async () => {
    const { data } = await db.from('rest_cities').select('name').lte('id', 5).order('population', { ascending: true, nullsFirst: true });
    expect(data!.map((r) => r.name)).toEqual(['Lowmarsh', 'Kratz', 'Northwatch', 'Szohod', 'Port Rest']);
    const byCountry = await api('/rest/v1/rest_cities?select=name,rest_countries(name)&id=lte.5&order=rest_countries(name).desc,name.asc');
    expect(((await byCountry.json()) as Array<{ name: string }>).map((r) => r.name)).toEqual(['Kratz', 'Szohod', 'Lowmarsh', 'Northwatch', 'Port Rest']);
  });

  it('pages with limit, offset, range and the Range header', async () => {
    const { data, error, count, status } = await db.from('rest_cities').select('id', { count: 'exact' }).lte('id', 5).order('id').range(1, 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(count).toBe(5);
    expect(status).toBe(206);
    const res = await api('/rest/v1/rest_cities?select=id&id=lte.5&order=id', { headers: { Range: '3-10', 'Range-Unit': 'items', Prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('3-4/5');
    expect(await res.json()).toEqual([{ id: 4 }, { id: 5 }]);
  });

  it('answers Content-Range for counts, empty results and HEAD', async () => {
    const empty = await api('/rest/v1/rest_cities?select=id&name=eq.nowhere', { headers: { Prefer: 'count=exact' } });
    expect(empty.headers.get('content-range')).toBe('*/0');
    const head = await db.from('rest_cities').select('*', { count: 'exact', head: true }).lte('id', 5);
    expect(head.count).toBe(5);
    expect(head.data).toBeNull();
    for (const count of ['planned', 'estimated'] as const) {
      const r = await db.from('rest_cities').select('id', { count }).lte('id', 5);
      expect(typeof r.count).toBe('number');
    }
    const beyond = await api('/rest/v1/rest_cities?select=id&id=lte.5&offset=50', { headers: { Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({ code: 'PGRST103' });
  });
});

describe('REST reads: media types and profiles', () => {
  it('returns one object with single() and PGRST116 otherwise; maybeSingle() gives null', async () => {
    const one = await db.from('rest_countries').select('name').eq('id', 2).single();
    expect(one.data).toEqual({ name: 'Rest Borduria' });
    const many = await db.from('rest_countries').select('name').lte('id', 3).single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
    const none = await db.from('rest_countries').select('name').eq('id', -1).maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
  });

  it('answers CSV', async () => {
    const { data, error } = await db.from('rest_cities').select('id,name,population').in('id', [1, 3]).order('id').csv();
    expect(error).toBeNull();
    // Record text quotes values with spaces (PostgREST builds CSV from each row's text form).
    expect(data).toBe('id,name,population\n1,"Port Rest",1500000\n3,Lowmarsh,');
  });

  it('strips nulls on request', async () => {
    const { data } = await db.from('rest_cities').select('name,population').eq('id', 3).stripNulls();
    expect(data).toEqual([{ name: 'Lowmarsh' }]);
  });

  it('answers PGRST106 for a schema that is not exposed and PGRST107 for an unknown media type', async () => {
    const { error, status } = await db.schema('private').from('rest_countries').select();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST106' });
    const ok = await db.schema('public').from('rest_countries').select('id').eq('id', 1);
    expect(ok.data).toEqual([{ id: 1 }]);
    const media = await api('/rest/v1/rest_countries', { headers: { Accept: 'application/xml' } });
    expect(media.status).toBe(406);
    expect(await media.json()).toMatchObject({ code: 'PGRST107' });
  });
});
