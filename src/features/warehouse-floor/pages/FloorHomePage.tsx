import { useCallback, type ReactNode } from 'react';
import { Link } from 'wouter';
import { listOwnStaffRows } from '../../../data/warehouse-staff';
import { staffRoles, type WarehouseStaff } from '../../../data/warehousing';
import { pickOrderStatus } from '../../../data/statuses/pick-order';
import { receiveOrderStatus } from '../../../data/statuses/receive-order';
import { useDocumentTitle } from '../../../lib/document-title';
import { dispatcherPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useTenantId } from '../../../lib/tenant';
import { StatusChip } from '../../../ui/Chip';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useRecordLoad } from '../../../ui/useRecordLoad';
import { listFloorPickOrders, listFloorReceiveOrders, type FloorPickRow, type FloorReceiveRow } from '../api';

interface FloorWork {
  warehouses: WarehouseStaff[];
  picks: FloorPickRow[];
  receipts: FloorReceiveRow[];
}

/** Today's date in the device's own day ('YYYY-MM-DD'): due dates are days, not instants. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const id = `floor-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-brand-card dark:border-slate-800 dark:bg-slate-900">
      <h2 id={id} className="flex items-center justify-between border-b border-slate-200 px-4 py-3 text-base font-semibold dark:border-slate-800">
        {title}
        {count !== undefined && <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{count}</span>}
      </h2>
      {children}
    </section>
  );
}

const listClass = 'divide-y divide-slate-200 dark:divide-slate-800';
const rowClass = 'flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3';
const mutedClass = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * Where warehouse staff work (the dispatcher panel's warehouse section, phone-first): their
 * warehouses and roles, today's pick orders assigned to them or to nobody, and the receive orders
 * waiting for goods, all as their warehouses' access lets them read.
 */
export function FloorHomePage() {
  useDocumentTitle('Warehouse | Waypost');
  const tenantId = useTenantId();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const load = useCallback(async (): Promise<FloorWork> => {
    const [warehouses, picks, receipts] = await Promise.all([
      listOwnStaffRows(userId!),
      listFloorPickOrders(tenantId!, userId!, localToday()),
      listFloorReceiveOrders(tenantId!),
    ]);
    return { warehouses: warehouses.filter((row) => row.active), picks, receipts };
  }, [tenantId, userId]);
  const { state, retry } = useRecordLoad(tenantId && userId ? `${tenantId}/${userId}` : null, load);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageHeader title="Warehouse" description="Your warehouses, today's picks and the goods to receive." />
      {state.status === 'loading' && (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      )}
      {(state.status === 'failed' || state.status === 'missing') && <ErrorState title="Could not load your warehouse work" onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          <Section title="Your warehouses" count={state.record.warehouses.length}>
            {state.record.warehouses.length === 0 ? (
              <EmptyState title="No warehouse" description="You are not on the staff of any warehouse. Ask your administrator." />
            ) : (
              <ul className={listClass}>
                {state.record.warehouses.map((row) => (
                  <li key={row.id} className={rowClass}>
                    <span className="font-medium">
                      {row.warehouse?.name ?? 'Warehouse'} <span className={mutedClass}>{row.warehouse?.code}</span>
                    </span>
                    <span className={mutedClass}>{staffRoles.label(row.role)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Pick orders today" count={state.record.picks.length}>
            {state.record.picks.length === 0 ? (
              <EmptyState title="Nothing to pick" description="No open pick order is assigned to you or waiting for a picker." />
            ) : (
              <ul className={listClass}>
                {state.record.picks.map((row) => (
                  <li key={row.id} className={rowClass}>
                    <span className="flex flex-col">
                      <Link href={dispatcherPaths.floorPick(row.id)} className="font-medium text-brand underline-offset-2 hover:underline">
                        {row.reference_number}
                      </Link>
                      <span className={mutedClass}>
                        {row.warehouse_code} · {row.picked_items}/{row.total_items} items · {row.assigned_to === userId ? 'Assigned to you' : 'Unassigned'}
                      </span>
                    </span>
                    <StatusChip status={row.status} vocabulary={pickOrderStatus} />
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Goods to receive" count={state.record.receipts.length}>
            {state.record.receipts.length === 0 ? (
              <EmptyState title="Nothing to receive" description="No receive order is waiting for goods." />
            ) : (
              <ul className={listClass}>
                {state.record.receipts.map((row) => (
                  <li key={row.id} className={rowClass}>
                    <span className="flex flex-col">
                      <span className="font-medium">{row.receive_code}</span>
                      <span className={mutedClass}>
                        {row.supplier_name} · {row.warehouse_name} · {row.received_total}/{row.expected_total} received
                      </span>
                    </span>
                    <StatusChip status={row.status} vocabulary={receiveOrderStatus} />
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </div>
  );
}
