import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A stand-in for the app's client that records the query a reader builds (the table, then every
 * builder call in order) and answers it with the rows a test sets: the query is what reaches
 * PostgREST, so it is what these tests check.
 */
interface Recorded {
  table: string;
  calls: [string, ...unknown[]][];
}

const recorded: Recorded[] = [];
let answer: { data: unknown; error: unknown } = { data: [], error: null };

function builder(entry: Recorded): unknown {
  const proxy: unknown = new Proxy(
    {},
    {
      get(_target, name) {
        if (name === 'then') {
          return (resolve: (value: unknown) => void, reject: (reason: unknown) => void) => Promise.resolve(answer).then(resolve, reject);
        }
        return (...args: unknown[]) => {
          entry.calls.push([String(name), ...args]);
          return proxy;
        };
      },
    },
  );
  return proxy;
}

vi.mock('../lib/supabase', () => ({
  supabase: {
    from(table: string) {
      const entry: Recorded = { table, calls: [] };
      recorded.push(entry);
      return builder(entry);
    },
  },
}));

import { tenantAddressLookup } from './addresses';
import { assignableDeliveryLookup, deliveryLabel, deliveryLookup, lookupAssignableDeliveries, lookupDeliveries } from './deliveries';
import { lookupServices, serviceName } from './delivery-services';
import { driverLabel, driverLookup, lookupDrivers } from './drivers';
import { binLookup, inventoryItemLabel, inventoryItemLookup, lookupBins, lookupInventoryItems } from './inventory';
import { locationLabel, locationOfTypeLookup, lookupLocationsOfType } from './locations';
import { customerLookup, driverPeopleLookup, lookupCustomers, lookupDriverPeople, lookupStaff, lookupTenantUsers, personName, staffLookup, tenantUserLookup } from './people';
import { supplierLookup } from './suppliers';
import { staffUserLookup } from './warehouse-staff';
import { lookupVehicles, vehicleLabel, vehicleLookup } from './vehicles';
import { lookupWarehouses, warehouseLabel } from './warehouses';
import { lookupZones, zoneLookup, zoneName } from './zones';

const TENANT = '11111111-1111-4111-8111-111111111111';
const signal = new AbortController().signal;

function lastQuery(): Recorded {
  expect(recorded).toHaveLength(1);
  return recorded[0]!;
}

/** The builder calls of one method, in order (e.g. every eq). */
function callsOf(query: Recorded, method: string): unknown[][] {
  return query.calls.filter(([name]) => name === method).map(([, ...args]) => args);
}

beforeEach(() => {
  recorded.length = 0;
  answer = { data: [], error: null };
});

describe('lookupZones', () => {
  const zones = [
    { id: 'z1', name: 'Mission', code: 'MIS', active: true },
    { id: 'z2', name: 'Old Town', code: 'OLD', active: false },
  ];

  it("asks for the tenant's zones matching the words in name or code, by name, at most the limit", async () => {
    answer = { data: zones, error: null };
    const options = await lookupZones(TENANT, 'mis', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('zones');
    expect(callsOf(query, 'select')).toEqual([['id, name, code, active']]);
    expect(callsOf(query, 'eq')).toEqual([['tenant_id', TENANT]]);
    expect(callsOf(query, 'or')).toEqual([['name.ilike.*mis*,code.ilike.*mis*']]);
    expect(callsOf(query, 'order')).toEqual([['name']]);
    expect(callsOf(query, 'limit')).toEqual([[10]]);
    expect(callsOf(query, 'abortSignal')).toEqual([[signal]]);
    expect(options).toEqual([
      { value: 'z1', label: 'Mission', description: 'MIS' },
      { value: 'z2', label: 'Old Town', description: 'OLD' },
    ]);
  });

  it('marks a zone no longer in use when asked, and offers only zones in use with activeOnly', async () => {
    answer = { data: zones, error: null };
    expect(await lookupZones(TENANT, '', 10, signal, { markInactive: true })).toEqual([
      { value: 'z1', label: 'Mission', description: 'MIS' },
      { value: 'z2', label: 'Old Town', description: 'OLD · inactive' },
    ]);
    expect(callsOf(lastQuery(), 'eq')).toEqual([['tenant_id', TENANT]]);

    recorded.length = 0;
    await lookupZones(TENANT, '', 5, signal, { activeOnly: true });
    expect(callsOf(lastQuery(), 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['active', true],
    ]);
  });

  it('sends no search for blank words, and PostgREST syntax in the words as plain text', async () => {
    await lookupZones(TENANT, '   ', 10, signal);
    expect(callsOf(lastQuery(), 'or')).toEqual([]);

    recorded.length = 0;
    await lookupZones(TENANT, 'a),id.eq.x', 10, signal);
    expect(callsOf(lastQuery(), 'or')).toEqual([['name.ilike.*a  id.eq.x*,code.ilike.*a  id.eq.x*']]);
  });

  it("throws the database's error", async () => {
    answer = { data: null, error: { message: 'permission denied' } };
    await expect(lookupZones(TENANT, '', 10, signal)).rejects.toEqual({ message: 'permission denied' });
  });
});

describe('lookupServices', () => {
  it('asks for services by name or code and marks one no longer offered', async () => {
    answer = {
      data: [
        { id: 's1', name: 'Same day', code: 'SD', active: true },
        { id: 's2', name: 'Overnight', code: 'ON', active: false },
      ],
      error: null,
    };
    const options = await lookupServices(TENANT, 'day', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('delivery_services');
    expect(callsOf(query, 'select')).toEqual([['id, name, code, active']]);
    expect(callsOf(query, 'eq')).toEqual([['tenant_id', TENANT]]);
    expect(callsOf(query, 'or')).toEqual([['name.ilike.*day*,code.ilike.*day*']]);
    expect(callsOf(query, 'order')).toEqual([['name']]);
    expect(callsOf(query, 'limit')).toEqual([[10]]);
    expect(options).toEqual([
      { value: 's1', label: 'Same day', description: 'SD' },
      { value: 's2', label: 'Overnight', description: 'ON · inactive' },
    ]);
  });
});

describe('lookupStaff', () => {
  const staff = [
    { id: 'p1', full_name: 'Ada Admin', email: 'ada@acme.test', panel_type: 'admin' },
    { id: 'p2', full_name: null, email: 'dan@acme.test', panel_type: 'dispatcher' },
    { id: 'p3', full_name: null, email: null, panel_type: 'dispatcher' },
  ];

  it("asks for the tenant's admins and dispatchers by name or email, active ones who read deliveries only when asked", async () => {
    answer = { data: staff, error: null };
    const options = await lookupStaff(TENANT, 'ada', 10, signal, { activeOnly: true });
    const query = lastQuery();
    expect(query.table).toBe('profiles');
    expect(callsOf(query, 'select')).toEqual([['id, full_name, email, panel_type']]);
    // Someone to assign or seat: staff as the read rules see them (no warehouse-only person of the
    // dispatcher panel), which the database's exception and participant checks accept.
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['status', 'active'],
      ['reads_deliveries', true],
    ]);
    expect(callsOf(query, 'in')).toEqual([['panel_type', ['admin', 'dispatcher']]]);
    expect(callsOf(query, 'or')).toEqual([['full_name.ilike.*ada*,email.ilike.*ada*']]);
    expect(callsOf(query, 'order')).toEqual([['full_name'], ['id']]);
    expect(callsOf(query, 'limit')).toEqual([[10]]);
    expect(options).toEqual([
      { value: 'p1', label: 'Ada Admin', description: 'Admin · ada@acme.test' },
      { value: 'p2', label: 'dan@acme.test', description: 'Dispatcher · dan@acme.test' },
      { value: 'p3', label: 'Unnamed User', description: 'Dispatcher' },
    ]);

    recorded.length = 0;
    await lookupStaff(TENANT, '', 10, signal, { activeOnly: false });
    expect(callsOf(lastQuery(), 'eq')).toEqual([['tenant_id', TENANT]]);
  });
});

describe('lookupCustomers', () => {
  it("asks for the tenant's customers by first or last name or email, the email below", async () => {
    answer = {
      data: [
        { id: 'c1', full_name: 'Noah Customer', email: 'noah@acme.test' },
        { id: 'c2', full_name: null, email: null },
      ],
      error: null,
    };
    const options = await lookupCustomers(TENANT, 'noah', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('profiles');
    expect(callsOf(query, 'select')).toEqual([['id, full_name, email']]);
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['panel_type', 'customer'],
    ]);
    expect(callsOf(query, 'or')).toEqual([['first_name.ilike.*noah*,last_name.ilike.*noah*,email.ilike.*noah*']]);
    expect(callsOf(query, 'order')).toEqual([['first_name'], ['last_name'], ['id']]);
    expect(callsOf(query, 'limit')).toEqual([[10]]);
    expect(options).toEqual([
      { value: 'c1', label: 'Noah Customer', description: 'noah@acme.test' },
      { value: 'c2', label: 'Unnamed User' },
    ]);
  });
});

describe('lookupWarehouses', () => {
  it('asks for warehouses by name or code, the code below', async () => {
    answer = { data: [{ id: 'w1', name: 'Central', code: 'CEN' }], error: null };
    const options = await lookupWarehouses(TENANT, 'cen', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('warehouses');
    expect(callsOf(query, 'select')).toEqual([['id, name, code']]);
    expect(callsOf(query, 'eq')).toEqual([['tenant_id', TENANT]]);
    expect(callsOf(query, 'or')).toEqual([['name.ilike.*cen*,code.ilike.*cen*']]);
    expect(callsOf(query, 'order')).toEqual([['name']]);
    expect(options).toEqual([{ value: 'w1', label: 'Central', description: 'CEN' }]);
  });
});

describe('name by id', () => {
  const readers: [string, (tenantId: string, id: string) => Promise<string | null>, string, string, Record<string, string>, string][] = [
    ['zoneName', zoneName, 'zones', 'name', { name: 'Mission' }, 'Mission'],
    ['serviceName', serviceName, 'delivery_services', 'name', { name: 'Same day' }, 'Same day'],
    ['personName', personName, 'profiles', 'full_name', { full_name: 'Ada Admin' }, 'Ada Admin'],
    ['deliveryLabel', deliveryLabel, 'deliveries', 'delivery_code', { delivery_code: 'ACME-000001' }, 'ACME-000001'],
    ['driverLabel', driverLabel, 'driver_rows', 'full_name', { full_name: 'Derek Driver' }, 'Derek Driver'],
    ['vehicleLabel', vehicleLabel, 'vehicles', 'name', { name: 'City Van 1' }, 'City Van 1'],
    ['warehouseLabel', warehouseLabel, 'warehouses', 'name', { name: 'Central' }, 'Central'],
    ['locationLabel', locationLabel, 'warehouse_locations', 'name, code', { name: 'Aisle 1', code: 'A1' }, 'A1 · Aisle 1'],
  ];

  it.each(readers)("%s reads one row of the tenant's %s by id", async (_name, read, table, columns, row, label) => {
    answer = { data: row, error: null };
    expect(await read(TENANT, 'id-1')).toBe(label);
    const query = lastQuery();
    expect(query.table).toBe(table);
    expect(callsOf(query, 'select')).toEqual([[columns]]);
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['id', 'id-1'],
    ]);
    expect(callsOf(query, 'maybeSingle')).toEqual([[]]);
  });

  it.each(readers)('%s answers null for no row or a refused read', async (_name, read) => {
    answer = { data: null, error: null };
    expect(await read(TENANT, 'id-1')).toBeNull();
    answer = { data: null, error: { message: 'invalid input syntax for type uuid' } };
    expect(await read(TENANT, 'not-a-uuid')).toBeNull();
  });
});

describe('inventory lookups', () => {
  it("asks for the tenant's items by name, SKU or barcode, the active ones when asked", async () => {
    answer = { data: [{ id: 'i1', name: 'Desk Lamp', sku: 'LMP-1' }], error: null };
    expect(await lookupInventoryItems(TENANT, 'lamp', 10, signal, { activeOnly: true })).toEqual([{ value: 'i1', label: 'Desk Lamp', description: 'LMP-1' }]);
    const query = lastQuery();
    expect(query.table).toBe('inventory_items');
    expect(callsOf(query, 'or')).toEqual([['name.ilike.*lamp*,sku.ilike.*lamp*,barcode.ilike.*lamp*']]);
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['is_active', true],
    ]);
    expect(callsOf(query, 'order')).toEqual([['name']]);
    expect(callsOf(query, 'limit')).toEqual([[10]]);
  });

  it("asks for one warehouse's bins by code, the active ones when stock goes in", async () => {
    answer = { data: [{ id: 'b1', name: 'Bin 1', code: 'Z1-A01-S1-B01' }], error: null };
    expect(await lookupBins(TENANT, 'w1', 'B01', 10, signal, { activeOnly: true })).toEqual([{ value: 'b1', label: 'Z1-A01-S1-B01', description: 'Bin 1' }]);
    const query = lastQuery();
    expect(query.table).toBe('warehouse_locations');
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['warehouse_id', 'w1'],
      ['location_type', 'bin'],
      ['status', 'active'],
    ]);
    expect(callsOf(query, 'order')).toEqual([['code']]);
  });

  it("reads an item's name by id, null when it cannot", async () => {
    answer = { data: null, error: null };
    expect(await inventoryItemLabel(TENANT, 'gone')).toBeNull();
  });
});

describe('one declaration per shared lookup', () => {
  /** The table and filters each half of a declared lookup reads. */
  async function reads(run: () => Promise<unknown>): Promise<[string, unknown[][]]> {
    recorded.length = 0;
    await run();
    const query = lastQuery();
    return [query.table, callsOf(query, 'eq')];
  }

  it('searches with its options and reads a stored value\'s label from the same table', async () => {
    const cases = [
      { lookup: zoneLookup(TENANT, { activeOnly: true }), table: 'zones', searchEq: [['tenant_id', TENANT], ['active', true]], label: 'zones' },
      { lookup: staffLookup(TENANT, { activeOnly: true }), table: 'profiles', searchEq: [['tenant_id', TENANT], ['status', 'active'], ['reads_deliveries', true]], label: 'profiles' },
      { lookup: customerLookup(TENANT), table: 'profiles', searchEq: [['tenant_id', TENANT], ['panel_type', 'customer']], label: 'profiles' },
      { lookup: inventoryItemLookup(TENANT, { activeOnly: true }), table: 'inventory_items', searchEq: [['tenant_id', TENANT], ['is_active', true]], label: 'inventory_items' },
      { lookup: binLookup(TENANT, 'w1'), table: 'warehouse_locations', searchEq: [['tenant_id', TENANT], ['warehouse_id', 'w1'], ['location_type', 'bin']], label: 'warehouse_locations' },
      { lookup: staffUserLookup(TENANT, 'w1', { activeOnly: true }), table: 'warehouse_staff', searchEq: [['tenant_id', TENANT], ['warehouse_id', 'w1'], ['active', true]], label: 'profiles' },
      { lookup: supplierLookup(TENANT), table: 'suppliers', searchEq: [['tenant_id', TENANT], ['active', true]], label: 'suppliers' },
      { lookup: tenantAddressLookup(TENANT), table: 'addresses', searchEq: [['tenant_id', TENANT]], label: 'addresses' },
    ];
    for (const { lookup, table, searchEq, label } of cases) {
      const [searched, filters] = await reads(() => lookup.search('', signal, 10));
      expect(searched).toBe(table);
      expect(filters).toEqual(searchEq);
      answer = { data: null, error: null };
      const [labelled, labelFilters] = await reads(() => lookup.resolveLabel('x1'));
      expect(labelled).toBe(label);
      expect(labelFilters).toEqual([['tenant_id', TENANT], ['id', 'x1']]);
      answer = { data: [], error: null };
    }
  });
});

describe('lookupDeliveries', () => {
  const rows = [
    { id: 'd1', delivery_code: 'ACME-1', customer_name: 'Noah Customer', status: 'in_transit', dropoff_full_address: '1 Market St' },
    { id: 'd2', delivery_code: 'ACME-2', customer_name: null, status: 'delivered', dropoff_full_address: null },
  ];

  it("asks for any of the tenant's deliveries by code, customer or reference, newest first, the status below", async () => {
    answer = { data: rows, error: null };
    const options = await lookupDeliveries(TENANT, 'acme', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('delivery_rows');
    expect(callsOf(query, 'eq')).toEqual([['tenant_id', TENANT]]);
    expect(callsOf(query, 'neq')).toEqual([]);
    expect(callsOf(query, 'or')).toEqual([['delivery_code.ilike.*acme*,customer_name.ilike.*acme*,external_reference_id.ilike.*acme*']]);
    expect(callsOf(query, 'order')).toEqual([['created_at', { ascending: false }]]);
    expect(callsOf(query, 'limit')).toEqual([[10]]);
    expect(callsOf(query, 'abortSignal')).toEqual([[signal]]);
    expect(options).toEqual([
      { value: 'd1', label: 'ACME-1 · Noah Customer', description: 'in transit' },
      { value: 'd2', label: 'ACME-2 · Unknown customer', description: 'delivered' },
    ]);
  });

  it('offers only delivered drop-offs, the address below, when returnable', async () => {
    answer = { data: rows, error: null };
    const options = await lookupDeliveries(TENANT, '', 10, signal, { returnable: true });
    const query = lastQuery();
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['status', 'delivered'],
    ]);
    expect(callsOf(query, 'neq')).toEqual([['kind', 'pickup']]);
    expect(options.map((o) => o.description)).toEqual(['1 Market St', undefined]);
  });

  it('declares the search and the code of a stored delivery', async () => {
    answer = { data: { delivery_code: 'ACME-9' }, error: null };
    expect(await deliveryLookup(TENANT).resolveLabel('d9')).toBe('ACME-9');
    expect(lastQuery().table).toBe('deliveries');
    recorded.length = 0;
    answer = { data: [], error: null };
    await deliveryLookup(TENANT, { returnable: true }).search('x', signal, 7);
    expect(callsOf(lastQuery(), 'limit')).toEqual([[7]]);
    expect(callsOf(lastQuery(), 'neq')).toEqual([['kind', 'pickup']]);
  });
});

describe('lookupAssignableDeliveries', () => {
  it('asks for deliveries by code or reference, pending ones when asked; reference, weight, drop-off and a non-pending status below', async () => {
    answer = {
      data: [
        { id: 'd1', delivery_code: 'ACME-1', external_reference_id: 'PO-7', status: 'pending', total_weight_kg: '12.5', dropoff_address: { full_address: '1 Market St' } },
        { id: 'd2', delivery_code: 'ACME-2', external_reference_id: null, status: 'in_transit', total_weight_kg: 3, dropoff_address: null },
      ],
      error: null,
    };
    const options = await lookupAssignableDeliveries(TENANT, 'po', 10, signal, { pendingOnly: true });
    const query = lastQuery();
    expect(query.table).toBe('deliveries');
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['status', 'pending'],
    ]);
    expect(callsOf(query, 'or')).toEqual([['delivery_code.ilike.*po*,external_reference_id.ilike.*po*']]);
    expect(callsOf(query, 'order')).toEqual([['created_at', { ascending: false }]]);
    expect(callsOf(query, 'limit')).toEqual([[10]]);
    expect(options).toEqual([
      { value: 'd1', label: 'ACME-1', description: 'PO-7 · 12.5 kg · 1 Market St' },
      { value: 'd2', label: 'ACME-2', description: '3 kg · in transit' },
    ]);

    recorded.length = 0;
    await assignableDeliveryLookup(TENANT).search('', signal, 10);
    expect(callsOf(lastQuery(), 'eq')).toEqual([['tenant_id', TENANT]]);
  });
});

describe('lookupDrivers', () => {
  it('asks for active drivers by name, email or licence, available ones unless everyone; status, licence, expiry and usual vehicle below', async () => {
    answer = {
      data: [
        { id: 'r1', full_name: 'Dana Driver', email: 'dana@acme.test', status: 'available', licence_class: 'B', licence_expiry: '2999-01-01', default_vehicle_name: 'Van 7' },
        { id: 'r2', full_name: null, email: 'old@acme.test', status: 'off_duty', licence_class: 'C', licence_expiry: '2000-01-01', default_vehicle_name: null },
      ],
      error: null,
    };
    const options = await lookupDrivers(TENANT, 'dan', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('driver_rows');
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['person_status', 'active'],
      ['status', 'available'],
    ]);
    expect(callsOf(query, 'or')).toEqual([['full_name.ilike.*dan*,email.ilike.*dan*,licence_number.ilike.*dan*']]);
    expect(callsOf(query, 'order')).toEqual([['full_name']]);
    expect(options[0]).toEqual({ value: 'r1', label: 'Dana Driver', description: 'Available · B licence · usually Van 7' });
    expect(options[1]).toMatchObject({ value: 'r2', label: 'old@acme.test' });
    expect(options[1]!.description).toContain('C licence · licence expired 2000-01-01');

    recorded.length = 0;
    await driverLookup(TENANT, { everyone: true }).search('', signal, 10);
    expect(callsOf(lastQuery(), 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['person_status', 'active'],
    ]);
  });
});

describe('lookupVehicles', () => {
  it('asks for vehicles by name or code, active ones when asked; code, capacity, licence and inactive below', async () => {
    answer = {
      data: [
        { id: 'v1', name: 'Van 7', code: 'V7', active: true, capacity_unit: '800', vehicle_requirements: { license_requirements: ['B', 'C'] } },
        { id: 'v2', name: 'Old Truck', code: 'OT', active: false, capacity_unit: 2000, vehicle_requirements: null },
      ],
      error: null,
    };
    const options = await lookupVehicles(TENANT, 'v', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('vehicles');
    expect(callsOf(query, 'eq')).toEqual([['tenant_id', TENANT]]);
    expect(callsOf(query, 'or')).toEqual([['name.ilike.*v*,code.ilike.*v*']]);
    expect(callsOf(query, 'order')).toEqual([['name']]);
    expect(options).toEqual([
      { value: 'v1', label: 'Van 7', description: 'V7 · 800 kg · B/C licence' },
      { value: 'v2', label: 'Old Truck', description: 'OT · 2000 kg · inactive' },
    ]);

    recorded.length = 0;
    answer = { data: [], error: null };
    await vehicleLookup(TENANT, { activeOnly: true }).search('', signal, 10);
    expect(callsOf(lastQuery(), 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['active', true],
    ]);
  });
});

describe('lookupDriverPeople and lookupTenantUsers', () => {
  it("asks for the tenant's driver-panel people by name or email, with no email below", async () => {
    answer = { data: [{ id: 'p1', full_name: 'Dana Driver', email: 'dana@acme.test' }, { id: 'p2', full_name: null, email: null }], error: null };
    const options = await lookupDriverPeople(TENANT, 'dana', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('profiles');
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['panel_type', 'driver'],
    ]);
    expect(callsOf(query, 'or')).toEqual([['first_name.ilike.*dana*,last_name.ilike.*dana*,email.ilike.*dana*']]);
    expect(callsOf(query, 'order')).toEqual([['first_name'], ['last_name'], ['id']]);
    expect(options).toEqual([
      { value: 'p1', label: 'Dana Driver' },
      { value: 'p2', label: 'Unnamed User' },
    ]);
    recorded.length = 0;
    answer = { data: { full_name: 'Dana Driver' }, error: null };
    expect(await driverPeopleLookup(TENANT).resolveLabel('p1')).toBe('Dana Driver');
  });

  it('asks for everyone but customers, and customers with the warehouse_staff role, the email below', async () => {
    answer = { data: [{ id: 'p1', full_name: 'Pablo Pérez', email: 'pablo@acme.test', panel_type: 'dispatcher' }, { id: 'p2', full_name: null, email: null, panel_type: 'customer' }], error: null };
    const options = await lookupTenantUsers(TENANT, 'pab', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('profiles');
    expect(callsOf(query, 'eq')).toEqual([['tenant_id', TENANT]]);
    expect(callsOf(query, 'or')).toEqual([['panel_type.neq.customer,roles.cs.{warehouse_staff}'], ['first_name.ilike.*pab*,last_name.ilike.*pab*,email.ilike.*pab*']]);
    expect(callsOf(query, 'order')).toEqual([['first_name']]);
    expect(options).toEqual([
      { value: 'p1', label: 'Pablo Pérez', description: 'pablo@acme.test' },
      { value: 'p2', label: 'Unnamed User', description: undefined },
    ]);
    recorded.length = 0;
    answer = { data: [], error: null };
    await tenantUserLookup(TENANT).search('', signal, 10);
    expect(callsOf(lastQuery(), 'limit')).toEqual([[10]]);
  });
});

describe('lookupLocationsOfType', () => {
  it("asks for one warehouse's locations of a type by name or code, by code, labelled 'code · name'", async () => {
    answer = { data: [{ id: 'l1', name: 'Aisle 1', code: 'Z1-A1' }], error: null };
    const options = await lookupLocationsOfType(TENANT, 'w1', 'aisle', 'a1', 10, signal);
    const query = lastQuery();
    expect(query.table).toBe('warehouse_locations');
    expect(callsOf(query, 'eq')).toEqual([
      ['tenant_id', TENANT],
      ['warehouse_id', 'w1'],
      ['location_type', 'aisle'],
    ]);
    expect(callsOf(query, 'or')).toEqual([['name.ilike.*a1*,code.ilike.*a1*']]);
    expect(callsOf(query, 'order')).toEqual([['code']]);
    expect(options).toEqual([{ value: 'l1', label: 'Z1-A1 · Aisle 1' }]);
    recorded.length = 0;
    answer = { data: { name: 'Aisle 1', code: 'Z1-A1' }, error: null };
    expect(await locationOfTypeLookup(TENANT, 'w1', 'aisle').resolveLabel('l1')).toBe('Z1-A1 · Aisle 1');
  });
});
