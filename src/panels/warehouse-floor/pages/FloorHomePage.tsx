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

const listClass = 'divide-y divide-slate-200 dark:divide-slate-800';
const rowClass = 'flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3';
const mutedClass = 'text-sm text-slate-600 dark:text-slate-400';

/** One kind of today's work: a titled, counted list of its rows, or what to do when there are none. */
function WorkSection<Row extends { id: string }>({ id, title, rows, empty, emptyHelp, children }: { id: string; title: string; rows: Row[]; empty: string; emptyHelp: string; children: (row: Row) => ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-brand-card dark:border-slate-800 dark:bg-slate-900">
      <h2 id={id} className="flex items-center justify-between border-b border-slate-200 px-4 py-3 text-base font-semibold dark:border-slate-800">
        {title}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{rows.length}</span>
      </h2>
      {rows.length === 0 ? (
        <EmptyState title={empty} description={emptyHelp} />
      ) : (
        <ul className={listClass}>
          {rows.map((row) => (
            <li key={row.id} className={rowClass}>
              {children(row)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A task's row: its link to the task's screen, one line about it, and its status. */
function WorkTask({ href, label, line, status }: { href: string; label: ReactNode; line: string; status: ReactNode }) {
  return (
    <>
      <span className="flex flex-col">
        <Link href={href} className="font-medium text-brand underline-offset-2 hover:underline">
          {label}
        </Link>
        <span className={mutedClass}>{line}</span>
      </span>
      {status}
    </>
  );
}

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
          <WorkSection id="floor-your-warehouses" title={t('home.warehouses')} rows={state.record.warehouses} empty={t('home.noWarehouse')} emptyHelp={t('home.noWarehouseHelp')}>
            {(row) => (
              <>
                <span className="font-medium">
                  {row.warehouse?.name ?? t('home.warehouseUnnamed')} <span className={mutedClass}>{row.warehouse?.code}</span>
                </span>
                <span className={mutedClass}>{ROLE_KEYS[row.role as StaffRole] ? t(ROLE_KEYS[row.role as StaffRole]) : row.role}</span>
              </>
            )}
          </WorkSection>
          <WorkSection id="floor-pick-orders-today" title={t('home.picks')} rows={state.record.picks} empty={t('home.nothingToPick')} emptyHelp={t('home.nothingToPickHelp')}>
            {(row) => (
              <WorkTask
                href={dispatcherPaths.floorPick(row.id)}
                label={row.reference_number}
                line={t('home.pickLine', { warehouse: row.warehouse_code, picked: row.picked_items, total: row.total_items, assigned: row.assigned_to === userId ? 'you' : 'nobody' })}
                status={<StatusChip status={row.status} vocabulary={pickOrderStatus} />}
              />
            )}
          </WorkSection>
          <WorkSection id="floor-goods-to-receive" title={t('home.receipts')} rows={state.record.receipts} empty={t('home.nothingToReceive')} emptyHelp={t('home.nothingToReceiveHelp')}>
            {(row) => (
              <WorkTask
                href={dispatcherPaths.floorReceive(row.id)}
                label={row.receive_code}
                line={t('home.receiptLine', { supplier: row.supplier_name, warehouse: row.warehouse_name, received: row.received_total, expected: row.expected_total })}
                status={<StatusChip status={row.status} vocabulary={receiveOrderStatus} />}
              />
            )}
          </WorkSection>
          <WorkSection id="floor-counts-today" title={t('home.counts')} rows={state.record.counts} empty={t('home.nothingToCount')} emptyHelp={t('home.nothingToCountHelp')}>
            {(row) => (
              <WorkTask
                href={dispatcherPaths.floorCount(row.id)}
                label={AUDIT_TYPE_KEYS[row.audit_type] ? t(AUDIT_TYPE_KEYS[row.audit_type]!) : row.audit_type}
                line={t('home.countLine', { warehouse: row.warehouse_code, counted: row.counted_count ?? 0, total: row.line_count ?? 0, date: row.scheduled_date ?? '—' })}
                status={<StatusChip status={row.status} vocabulary={inventoryAuditStatus} />}
              />
            )}
          </WorkSection>
        </>
      )}
    </div>
  );
}
