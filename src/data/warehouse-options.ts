import type { WarehouseChoice } from './warehouses';

/** The tenant's warehouses as a filter select's options: each by its name and code ('Central (CEN)'). */
export function warehouseFilterOptions(warehouses: readonly WarehouseChoice[]): { value: string; label: string }[] {
  return warehouses.map((w) => ({ value: w.id, label: `${w.name} (${w.code})` }));
}
