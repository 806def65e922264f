import { useEffect, useState } from 'react';
import { listWarehouseChoices } from '../api';

export type WarehouseChoice = { id: string; name: string; code: string };

/** The tenant's warehouses for filter selects; empty while loading or when the read fails (spec 8: lookups fail silently). */
export function useWarehouseChoices(tenantId: string): WarehouseChoice[] {
  const [choices, setChoices] = useState<WarehouseChoice[]>([]);
  useEffect(() => {
    if (!tenantId) return;
    let cancelled = false;
    listWarehouseChoices(tenantId).then(
      (rows) => {
        if (!cancelled) setChoices(rows);
      },
      () => {
        if (!cancelled) setChoices([]);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [tenantId]);
  return choices;
}
