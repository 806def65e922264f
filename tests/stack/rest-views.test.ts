import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from './clients.ts';

const anon = anonClient();
const db = serviceClient();

/**
 * PostgREST relates views through the lineage of their columns: a view column that is a base table's
 * column carries that column's foreign keys (docs: Resource Embedding, "Embedding Views").
 */
describe('REST embedding through views', () => {
  it('embeds a table from a view (many-to-one) and a view from a table (one-to-many)', async () => {
    const fromView = await anon.from('rest_city_list').select('name,country_code,rest_countries(name)').in('id', [1, 4]).order('id');
    expect(fromView.error).toBeNull();
    expect(fromView.data).toEqual([
      { name: 'Port Rest', country_code: 'RA', rest_countries: { name: 'Rest Arcadia' } },
      { name: 'Szohod', country_code: 'RB', rest_countries: { name: 'Rest Borduria' } },
    ]);
    const toView = await anon.from('rest_countries').select('name,rest_city_list(name)').eq('id', 2).order('name', { referencedTable: 'rest_city_list' }).single();
    expect(toView.error).toBeNull();
    expect(toView.data).toEqual({ name: 'Rest Borduria', rest_city_list: [{ name: 'Kratz' }, { name: 'Szohod' }] });
  });

  it('follows renamed view columns, view to view, with filters and !inner on the embedded view', async () => {
    const { data, error } = await anon
      .from('rest_country_list')
      .select('country_key,name,cities:rest_city_list!inner(name,population)')
      .gte('cities.population', 1000000)
      .order('country_key');
    expect(error).toBeNull();
    expect(data).toEqual([
      { country_key: 1, name: 'Rest Arcadia', cities: [{ name: 'Port Rest', population: 1500000 }] },
      { country_key: 2, name: 'Rest Borduria', cities: [{ name: 'Szohod', population: 1200000 }] },
    ]);
    const back = await anon.from('rest_city_list').select('name,country:rest_country_list(code)').eq('id', 5).single();
    expect(back.error).toBeNull();
    expect(back.data).toEqual({ name: 'Kratz', country: { code: 'RB' } });
  });

  it('relates a table to a view whose key column is renamed', async () => {
    const { data, error } = await anon.from('rest_cities').select('name,rest_country_list(name)').eq('id', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Northwatch', rest_country_list: { name: 'Rest Arcadia' } });
  });

  it('embeds a view over a table of an unexposed schema, both ways', async () => {
    const depots = await db.from('rest_depots').select('name,rest_cities(name)').order('depot_id');
    expect(depots.error).toBeNull();
    expect(depots.data).toEqual([
      { name: 'Rest Harbour Depot', rest_cities: { name: 'Port Rest' } },
      { name: 'Rest Dock Depot', rest_cities: { name: 'Port Rest' } },
      { name: 'Rest River Depot', rest_cities: { name: 'Szohod' } },
    ]);
    const cities = await db.from('rest_cities').select('name,rest_depots(name)').in('id', [1, 2]).order('id').order('name', { referencedTable: 'rest_depots' });
    expect(cities.error).toBeNull();
    expect(cities.data).toEqual([
      { name: 'Port Rest', rest_depots: [{ name: 'Rest Dock Depot' }, { name: 'Rest Harbour Depot' }] },
      { name: 'Northwatch', rest_depots: [] },
    ]);
  });

  it('is ambiguous through a view as through its table, and a hint disambiguates', async () => {
    const ambiguous = await anon.from('rest_routes').select('id,rest_big_cities(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({ code: 'PGRST201' });
    expect(ambiguous.error!.hint).toContain("'rest_big_cities!rest_routes_origin_fkey'");
    const { data, error } = await anon
      .from('rest_routes')
      .select('distance_km,from:rest_big_cities!rest_routes_origin_fkey(name),to:rest_big_cities!destination_id(name)')
      .eq('id', 4)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ distance_km: 800, from: { name: 'Port Rest' }, to: { name: 'Szohod' } });
    const routes = await anon.from('rest_big_cities').select('name,rest_routes!rest_routes_origin_fkey(distance_km)').eq('id', 1).single();
    expect(routes.error).toBeNull();
    expect((routes.data as { rest_routes: Array<{ distance_km: number }> }).rest_routes.map((r) => r.distance_km).sort((a, b) => a - b)).toEqual([120, 800]);
  });

  it('orders by an embedded to-one resource of a view', async () => {
    const { data, error } = await anon.from('rest_city_list').select('name,rest_countries(name)').in('id', [2, 5]).order('rest_countries(name)', { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((r) => r.name)).toEqual(['Kratz', 'Northwatch']);
  });

  it('still answers PGRST200 for a view column without a foreign key lineage', async () => {
    const { error, status } = await anon.from('rest_city_list').select('name,rest_drivers(name)');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST200' });
  });
});
