import { useCallback, type ReactNode } from 'react';
import { Link } from 'wouter';
import { listOwnStaffRows } from '../../../data/warehouse-staff';
import type { StaffRole, WarehouseStaff } from '../../../data/warehousing';
import { inventoryAuditStatus } from '../../../data/statuses/inventory-audit';
import { pickOrderStatus } from '../../../data/statuses/pick-order';
import { receiveOrderStatus } from '../../../data/statuses/receive-order';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n/catalogue';
import { dispatcherPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useTenantId } from '../../../lib/tenant';
import { StatusChip } from '../../../ui/Chip';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useRecordLoad } from '../../../lib/use-record-load';
import { listFloorCounts, listFloorPickOrders, listFloorReceiveOrders, type FloorCountRow, type FloorPickRow, type FloorReceiveRow } from '../api';
import { floorMessages } from '../messages';

interface FloorWork {
  warehouses: WarehouseStaff[];
  picks: FloorPickRow[];
  receipts: FloorReceiveRow[];
  counts: FloorCountRow[];
}

/** Today's date in the device's own day ('YYYY-MM-DD'): due dates are days, not instants. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const ROLE_KEYS = {
  manager: 'role.manager',
  supervisor: 'role.supervisor',
  receiver: 'role.receiver',
  picker: 'role.picker',
  packer: 'role.packer',
  dispatcher_liaison: 'role.dispatcher_liaison',
} as const satisfies Record<StaffRole, keyof typeof floorMessages.en>;

const AUDIT_TYPE_KEYS: Record<string, keyof typeof floorMessages.en> = {
  spot_check: 'auditType.spot_check',
  full_count: 'auditType.full_count',
  cycle_count: 'auditType.cycle_count',
};

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
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
 * waiting for goods, and today's counts (each opening its count screen), all as their warehouses'
 * access lets them read.
 */
export function FloorHomePage() {
  const t = useT(floorMessages);
  useDocumentTitle(`${t('home.title')} | Waypost`);
  const tenantId = useTenantId();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const load = useCallback(async (): Promise<FloorWork> => {
    const [warehouses, picks, receipts, counts] = await Promise.all([
      listOwnStaffRows(userId!),
      listFloorPickOrders(tenantId!, userId!, localToday()),
      listFloorReceiveOrders(tenantId!),
      listFloorCounts(tenantId!, localToday()),
    ]);
    return { warehouses: warehouses.filter((row) => row.active), picks, receipts, counts };
  }, [tenantId, userId]);
  const { state, retry } = useRecordLoad(tenantId && userId ? `${tenantId}/${userId}` : null, load);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageHeader title={t('home.title')} description={t('home.description')} />
      {state.status === 'loading' && (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      )}
      {(state.status === 'failed' || state.status === 'missing') && <ErrorState title={t('home.loadFailed')} onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          <Section id="floor-your-warehouses" title={t('home.warehouses')} count={state.record.warehouses.length}>
            {state.record.warehouses.length === 0 ? (
              <EmptyState title={t('home.noWarehouse')} description={t('home.noWarehouseHelp')} />
            ) : (
              <ul className={listClass}>
                {state.record.warehouses.map((row) => (
                  <li key={row.id} className={rowClass}>
                    <span className="font-medium">
                      {row.warehouse?.name ?? t('home.warehouseUnnamed')} <span className={mutedClass}>{row.warehouse?.code}</span>
                    </span>
                    <span className={mutedClass}>{ROLE_KEYS[row.role as StaffRole] ? t(ROLE_KEYS[row.role as StaffRole]) : row.role}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section id="floor-pick-orders-today" title={t('home.picks')} count={state.record.picks.length}>
            {state.record.picks.length === 0 ? (
              <EmptyState title={t('home.nothingToPick')} description={t('home.nothingToPickHelp')} />
            ) : (
              <ul className={listClass}>
                {state.record.picks.map((row) => (
                  <li key={row.id} className={rowClass}>
                    <span className="flex flex-col">
                      <Link href={dispatcherPaths.floorPick(row.id)} className="font-medium text-brand underline-offset-2 hover:underline">
                        {row.reference_number}
                      </Link>
                      <span className={mutedClass}>
                        {t('home.pickLine', { warehouse: row.warehouse_code, picked: row.picked_items, total: row.total_items, assigned: row.assigned_to === userId ? 'you' : 'nobody' })}
                      </span>
                    </span>
                    <StatusChip status={row.status} vocabulary={pickOrderStatus} />
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section id="floor-goods-to-receive" title={t('home.receipts')} count={state.record.receipts.length}>
            {state.record.receipts.length === 0 ? (
              <EmptyState title={t('home.nothingToReceive')} description={t('home.nothingToReceiveHelp')} />
            ) : (
              <ul className={listClass}>
                {state.record.receipts.map((row) => (
                  <li key={row.id} className={rowClass}>
                    <span className="flex flex-col">
                      <Link href={dispatcherPaths.floorReceive(row.id)} className="font-medium text-brand underline-offset-2 hover:underline">
                        {row.receive_code}
                      </Link>
                      <span className={mutedClass}>
                        {t('home.receiptLine', { supplier: row.supplier_name, warehouse: row.warehouse_name, received: row.received_total, expected: row.expected_total })}
                      </span>
                    </span>
                    <StatusChip status={row.status} vocabulary={receiveOrderStatus} />
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section id="floor-counts-today" title={t('home.counts')} count={state.record.counts.length}>
            {state.record.counts.length === 0 ? (
              <EmptyState title={t('home.nothingToCount')} description={t('home.nothingToCountHelp')} />
            ) : (
              <ul className={listClass}>
                {state.record.counts.map((row) => (
                  <li key={row.id} className={rowClass}>
                    <span className="flex flex-col">
                      <Link href={dispatcherPaths.floorCount(row.id)} className="font-medium text-brand underline-offset-2 hover:underline">
                        {AUDIT_TYPE_KEYS[row.audit_type] ? t(AUDIT_TYPE_KEYS[row.audit_type]!) : row.audit_type}
                      </Link>
                      <span className={mutedClass}>
                        {t('home.countLine', { warehouse: row.warehouse_code, counted: row.counted_count ?? 0, total: row.line_count ?? 0, date: row.scheduled_date ?? '—' })}
                      </span>
                    </span>
                    <StatusChip status={row.status} vocabulary={inventoryAuditStatus} />
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
