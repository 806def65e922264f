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
