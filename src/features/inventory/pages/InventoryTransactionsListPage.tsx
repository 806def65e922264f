import { useMemo } from 'react';
import { inventoryItemLookup } from '../../../data/inventory';
import { warehouseLookup } from '../../../data/warehouses';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { navMessages } from '../../../lib/nav/messages';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { FilterDateRange, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { ServerListPage } from '../../../ui/ServerListPage';
import { warehouseListLive } from '../../../data/warehouse-live';
import { listTransactions } from '../api';
import { transactionList } from '../list';
import { inventoryMessages, type InventoryKey } from '../messages';
import { TRANSACTION_TYPES, type TransactionRow, type TransactionType } from '../schema';
import { useInventoryWords } from '../words';

/** The columns in the page's language: headers, the kinds' words, the quantity and the moment in its formats. */
const transactionColumns = (t: Translate<InventoryKey>, word: (value: string) => string, format: LocaleFormat): DataTableColumn<TransactionRow>[] => [
  { id: 'performed_by', header: t('col.performedBy'), cell: (r) => r.performed_by?.full_name ?? '—' },
  { id: 'item', header: t('col.itemSku'), cell: (r) => <span title={r.item.name}>{r.item.sku}</span> },
  { id: 'transaction_type', header: t('col.type'), cell: (r) => word(r.transaction_type) },
  { id: 'reference_type', header: t('col.reference'), hideBelow: 'md', cell: (r) => word(r.reference_type) },
  { id: 'warehouse', header: t('col.warehouse'), hideBelow: 'md', cell: (r) => r.warehouse.name },
  { id: 'from_bin', header: t('col.fromBin'), cell: (r) => r.from_bin?.code ?? '—' },
  { id: 'to_bin', header: t('col.toBin'), cell: (r) => r.to_bin?.code ?? '—' },
  { id: 'quantity', header: t('col.quantity'), align: 'end', cell: (r) => format.number(r.quantity) },
  { id: 'created_at', header: t('col.when'), hideBelow: 'lg', cell: (r) => format.dateTime(r.created_at) },
];

/** Transactions are not broadcast (too many): a stock change on the warehouses' topics means new ones. */
const useTransactionsLive = warehouseListLive(transactionList, ['inventory_stock']);

export function InventoryTransactionsListPage() {
  const tenantId = useTenantId() ?? '';
  const { t, word, options } = useInventoryWords();
  const nav = useT(navMessages);
  const format = useFormat();
  const columns = useMemo(() => transactionColumns(t, word, format), [t, word, format]);
  return (
    <ServerListPage
      title={nav('nav.inventoryTransactions')}
      section={nav('group.warehousing')}
      label={t('tx.label')}
      words={{ catalogue: inventoryMessages, search: 'tx.search', add: 'tx.add' }}
      list={transactionList} useLive={useTransactionsLive} resource="inventory-transactions" fetchPage={listTransactions} columns={columns}
      rowLabel={(r) => t('tx.rowLabel', { type: word(r.transaction_type), quantity: format.number(r.quantity), sku: r.item.sku })}
      create={adminPaths.inventoryTransactionCreate()}
      filterFields={({ draft, setDraft, field }) => (
        <>
          <FilterSelect<TransactionType> label={t('col.type')} options={options(TRANSACTION_TYPES)} {...field('type')} />
          <FilterDateRange label={t('filter.date')} from={draft.from} to={draft.to} onChange={({ from, to }) => setDraft({ ...draft, from, to })} />
          <LookupFilter label={t('col.warehouse')} {...field('warehouse')} {...warehouseLookup(tenantId)} />
          <LookupFilter label={t('col.item')} {...field('item')} {...inventoryItemLookup(tenantId)} />
        </>
      )}
    />
  );
}

export default InventoryTransactionsListPage;
