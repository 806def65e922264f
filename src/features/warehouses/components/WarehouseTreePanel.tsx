import { useEffect, useState } from 'react';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { listLocationTree } from '../api';
import type { LocationNode } from '../schema';
import { LocationTree } from './LocationTree';
import { adminPaths } from '../../../lib/paths';

type TreeLoad = { status: 'loading' } | { status: 'ready'; rows: LocationNode[] } | { status: 'failed' };

/** One warehouse's location tree, loaded on its own; `version` reloads it (after a save elsewhere on the screen). */
export function WarehouseTreePanel({ tenantId, warehouseId, warehouseName, version = 0 }: { tenantId: string; warehouseId: string; warehouseName: string; version?: number }) {
  const [load, setLoad] = useState<TreeLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    listLocationTree(tenantId, warehouseId).then(
      (rows) => {
        if (!cancelled) setLoad({ status: 'ready', rows });
      },
      () => {
        if (!cancelled) setLoad({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [tenantId, warehouseId, version, attempt]);

  if (load.status === 'loading') {
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading locations">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  if (load.status === 'failed') {
    return (
      <ErrorState
        title="Could not load the locations"
        onRetry={() => {
          setLoad({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <LocationTree key={warehouseId} rows={load.rows} label={`Locations of ${warehouseName}`} hrefOf={(node) => adminPaths.locationEdit(node.id)} />;
}
