import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { formatDateTime } from '../../../lib/format-date';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList, type ServerList } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { DataTable, FilterSelect, FilterText, type DataTableColumn } from '../../../ui/data-table';
import { DocumentViewer } from '../../../ui/document-viewer';
import { PageHeader } from '../../../ui/PageHeader';
import { useToast } from '../../../ui/toast';
import { labelUrl, listItems, regenerateLabel } from '../api';
import { inventoryItemFeed } from '../atoms';
import { itemList } from '../list';
import { CATEGORIES, NAME_MAX, SUBCATEGORIES, truncateName, type InventoryItem } from '../schema';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

function LabelCell({ item, onView }: { item: InventoryItem; onView: (item: InventoryItem) => void }) {
  if (item.label_status === 'success' && item.label_url) {
    return (
      <Button variant="secondary" onClick={() => onView(item)} aria-label={`View the label of ${item.name}`}>
        View
      </Button>
    );
  }
  if (item.label_status === 'pending') return <Chip tone="warning">Pending</Chip>;
  return (
    <span title={item.label_error ?? undefined}>
      <Chip tone="error">{item.label_error ? `Failed: ${item.label_error}` : 'Failed'}</Chip>
    </span>
  );
}

export function InventoryItemsListPage() {
  const tenantId = useTenantId() ?? '';
  const [, navigate] = useLocation();
  const toast = useToast();
  const [viewing, setViewing] = useState<{ item: InventoryItem; url: string } | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const table = useListUrlState(itemList);
  const list = useServerList({
    queryKey: ['inventory-items', tenantId],
    state: table.state,
    fetchPage: (state, context) => listItems(tenantId, state, context),
    rowKey: (item: InventoryItem) => item.id,
    enabled: tenantId !== '',
  });

  // Live: an item changed elsewhere (created, edited, its label drawn) is patched in place when it is
  // on the page, and the page is read again, as a change may move a row in or out of it (the default
  // order is the last update; filters and search may stop or start matching); a deleted item leaves
  // in place, or the page is read again for its total when it was not on it.
  const shown = useRef(list.rows);
  useEffect(() => {
    shown.current = list.rows;
  });
  const { applyChanges, refetchLive } = list;
  const onChanges = useCallback(
    (changed: InventoryItem[]) => {
      const onPage = new Set(shown.current.map((item) => item.id));
      const updates = changed.filter((item) => onPage.has(item.id));
      if (updates.length > 0) applyChanges(updates.map((row) => ({ op: 'update', row })));
      refetchLive();
    },
    [applyChanges, refetchLive],
  );
  const onDeleted = useCallback((ids: string[]) => applyChanges(ids.map((id) => ({ op: 'delete', id, deleted: true }))), [applyChanges]);
  const live = useFeedChanges(inventoryItemFeed, tenantId, onChanges, refetchLive, onDeleted);

  // The bucket is private: each view asks for a short-lived address of the file.
  async function view(item: InventoryItem) {
    if (!item.label_url) return;
    try {
      setViewing({ item, url: await labelUrl(item.label_url) });
      setViewerOpen(true);
    } catch {
      toast.error('The label could not be opened');
    }
  }

  async function regenerate(item: InventoryItem, list: ServerList<InventoryItem>) {
    try {
      await regenerateLabel(item.id);
      toast.success('Label regenerated');
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'The label could not be regenerated');
    }
    list.refetch();
  }

  const columns: DataTableColumn<InventoryItem>[] = [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      cell: (item) => <span title={item.name.length > NAME_MAX ? item.name : undefined}>{truncateName(item.name)}</span>,
    },
    { id: 'sku', header: 'SKU', sortable: true, cell: (item) => item.sku },
    { id: 'barcode', header: 'Barcode', hideBelow: 'lg', cell: (item) => item.barcode ?? '—' },
    { id: 'category', header: 'Category', sortable: true, hideBelow: 'md', cell: (item) => item.category ?? '—' },
    { id: 'subcategory', header: 'Subcategory', hideBelow: 'lg', cell: (item) => item.subcategory ?? '—' },
    { id: 'brand', header: 'Brand', sortable: true, hideBelow: 'md', cell: (item) => item.brand ?? '—' },
    { id: 'label', header: 'Label', cell: (item) => <LabelCell item={item} onView={(i) => void view(i)} /> },
    { id: 'status', header: 'Status', cell: (item) => <Chip tone={item.is_active ? 'success' : 'neutral'}>{item.is_active ? 'Active' : 'Inactive'}</Chip> },
    { id: 'updated_at', header: 'Last updated', sortable: true, hideBelow: 'md', cell: (item) => formatDateTime(item.updated_at) },
  ];

  return (
    <div className="space-y-4">
      <PageHeader title="Inventory Items" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Warehousing' }, { label: 'Inventory Items' }]} />
      <DataTable
        label="Inventory items"
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(item) => item.name}
        searchPlaceholder="Search name, SKU or barcode"
        rowActions={(item) => [
          { label: 'Edit', onSelect: () => navigate(adminPaths.inventoryItemEdit(item.id)) },
          { label: 'Regenerate label', onSelect: () => void regenerate(item, list) },
        ]}
        toolbar={<Button onClick={() => navigate(adminPaths.inventoryItemCreate())}>Add Item</Button>}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect
              label="Status"
              value={draft.status}
              options={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
              onChange={(status) => setDraft({ ...draft, status })}
            />
            <FilterSelect label="Category" value={draft.category} options={options(CATEGORIES)} onChange={(category) => setDraft({ ...draft, category })} />
            <FilterSelect label="Subcategory" value={draft.subcategory} options={options(SUBCATEGORIES)} onChange={(subcategory) => setDraft({ ...draft, subcategory })} />
            <FilterText label="Brand" value={draft.brand} onChange={(brand) => setDraft({ ...draft, brand })} />
          </div>
        )}
      />
      <DocumentViewer
        open={viewerOpen}
        onClose={() => setViewerOpen(false)}
        url={viewing?.url ?? ''}
        fileName={viewing ? `${viewing.item.sku}-label.pdf` : 'label.pdf'}
        mimeType="application/pdf"
      />
    </div>
  );
}

export default InventoryItemsListPage;
