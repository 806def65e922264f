import { useState } from 'react';
import { useLocation } from 'wouter';
import { receiveOrderStatus, type ReceiveOrderStatus } from '../../../data/statuses';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { type LocaleFormat } from '../../../lib/i18n/format';
import { navMessages } from '../../../lib/nav/messages';
import { adminPaths } from '../../../lib/paths';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import type { ServerList } from '../../../lib/use-server-list';
import { StatusChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage } from '../../../ui/ServerListPage';
import { warehouseListLive } from '../../../data/warehouse-live';
import { useToast } from '../../../ui/toast';
import { listReceiveOrders, transitionReceiveOrder } from '../api';
import { receiveOrderList } from '../list';
import { receiveOrderMessages, type ReceiveOrderKey } from '../messages';
import type { ReceiveOrderRow } from '../schema';
import { useStatuses } from '../../../lib/status-vocabulary';

/** The columns in the page's language: headers, the expected day and the received count in the locale's formats. */
const receiveOrderColumns = (t: Translate<ReceiveOrderKey>, format: LocaleFormat): DataTableColumn<ReceiveOrderRow>[] => [
  { id: 'receive_code', header: t('col.code'), sortable: true, cell: (o) => o.receive_code },
  { id: 'supplier_name', header: t('col.supplier'), sortable: true, cell: (o) => o.supplier_name },
  { id: 'warehouse_name', header: t('col.warehouse'), hideBelow: 'md', cell: (o) => o.warehouse_name },
  { id: 'reference', header: t('col.reference'), hideBelow: 'lg', cell: (o) => o.reference ?? '—' },
  { id: 'expected_date', header: t('col.expected'), sortable: true, hideBelow: 'md', cell: (o) => format.date(o.expected_date) },
  { id: 'received', header: t('col.received'), cell: (o) => t('list.progress', { received: o.received_total, expected: o.expected_total }) },
  { id: 'status', header: t('col.status'), sortable: true, cell: (o) => <StatusChip status={o.status} vocabulary={receiveOrderStatus} /> },
];

const useReceiveOrdersLive = warehouseListLive(receiveOrderList, ['receive_orders']);

export function ReceiveOrdersListPage() {
  const statusWords = useStatuses(receiveOrderStatus);
  const [, navigate] = useLocation();
  const toast = useToast();
  const [cancelling, setCancelling] = useState<ReceiveOrderRow | null>(null);
  const t = useT(receiveOrderMessages);
  const nav = useT(navMessages);
  const serverWords = useServerWords();

  async function place(order: ReceiveOrderRow, list: ServerList<ReceiveOrderRow>) {
    try {
      await transitionReceiveOrder(order.id, 'ordered');
      toast.success(t('list.ordered', { code: order.receive_code }));
    } catch (error) {
      toast.error(typeof error === 'object' && error !== null && 'message' in error && error.message ? refusalText(error, '; ', serverWords) : t('list.placeFailed'));
    }
    list.refetch();
  }

  return (
    <ServerListPage
      words={{ catalogue: receiveOrderMessages, title: 'list.title', search: 'list.search', add: 'list.add' }}
      section={nav('group.warehousing')}
      label={t('list.label')}
      list={receiveOrderList} useLive={useReceiveOrdersLive} resource="receive-orders" fetchPage={listReceiveOrders} columns={receiveOrderColumns}
      rowLabel={(o) => o.receive_code}
      create={adminPaths.receiveOrderCreate()}
      rowActions={(o, list) => [
        ...(o.status === 'draft' || o.status === 'ordered' ? [{ label: t('list.edit'), onSelect: () => navigate(adminPaths.receiveOrderEdit(o.id)) }] : []),
        ...(o.status === 'draft' ? [{ label: t('list.place'), onSelect: () => void place(o, list) }] : []),
        ...(o.status === 'draft' || o.status === 'ordered' ? [{ label: t('list.cancel'), onSelect: () => setCancelling(o) }] : []),
      ]}
      filterFields={({ draft, setDraft }) => (
        <FilterSelect<ReceiveOrderStatus>
          label={t('col.status')}
          value={draft.status}
          options={statusWords.options}
          onChange={(status) => setDraft({ ...draft, status })}
        />
      )}
      after={(list) => (
        <>
        <ConfirmDialog
          open={cancelling !== null}
          onClose={() => setCancelling(null)}
          title={t('cancel.title')}
          message={cancelling ? t('cancel.message', { code: cancelling.receive_code }) : ''}
          confirmLabel={t('list.cancel')}
          cancelLabel={t('cancel.keep')}
          destructive
          onConfirm={async () => {
            if (!cancelling) return;
            await transitionReceiveOrder(cancelling.id, 'cancelled');
            toast.success(t('list.cancelled', { code: cancelling.receive_code }));
            list.refetch();
          }}
        />
        </>
      )}
    />
  );
}

export default ReceiveOrdersListPage;
