import { useState } from 'react';
import { useLocation } from 'wouter';
import { formatDateTime } from '../../../lib/format-date';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import type { ServerList } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { FilterSelect, FilterText, type DataTableColumn } from '../../../ui/data-table';
import { DocumentViewer } from '../../../ui/document-viewer';
import { ServerListPage } from '../../../ui/ServerListPage';
import { useToast } from '../../../ui/toast';
import { labelUrl, listItems, regenerateLabel } from '../api';
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
    <ServerListPage
      title="Inventory Items"
      section="Warehousing"
      label="Inventory items"
      list={itemList}
      queryKey={['inventory-items', tenantId]}
      fetchPage={(state, context) => listItems(tenantId, state, context)}
      rowKey={(item: InventoryItem) => item.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(item) => item.name}
      searchPlaceholder="Search name, SKU or barcode"
      rowActions={(item, list) => [
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
      after={() => (
        <DocumentViewer
          open={viewerOpen}
          onClose={() => setViewerOpen(false)}
          url={viewing?.url ?? ''}
          fileName={viewing ? `${viewing.item.sku}-label.pdf` : 'label.pdf'}
          mimeType="application/pdf"
        />
      )}
    />
  );
}

export default InventoryItemsListPage;
