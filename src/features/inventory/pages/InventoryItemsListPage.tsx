import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { navMessages } from '../../../lib/nav/messages';
import { adminPaths } from '../../../lib/paths';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import type { ServerList } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { useTenantList } from '../../../ui/ServerListPage';
import { Chip } from '../../../ui/Chip';
import { DataTable, FilterSelect, FilterText, type DataTableColumn } from '../../../ui/data-table';
import { DocumentViewer } from '../../../ui/document-viewer';
import { PageHeader } from '../../../ui/PageHeader';
import { uiMessages } from '../../../ui/messages';
import { useToast } from '../../../ui/toast';
import { labelUrl, listItems, regenerateLabel } from '../api';
import { inventoryItemFeed } from '../atoms';
import { itemList } from '../list';
import { CATEGORIES, NAME_MAX, SUBCATEGORIES, truncateName, type InventoryItem } from '../schema';
import { useInventoryWords } from '../words';

function LabelCell({ item, onView }: { item: InventoryItem; onView: (item: InventoryItem) => void }) {
  const { t, word } = useInventoryWords();
  if (item.label_status === 'success' && item.label_url) {
    return (
      <Button variant="secondary" onClick={() => onView(item)} aria-label={t('items.viewLabelOf', { name: item.name })}>
        {t('items.view')}
      </Button>
    );
  }
  if (item.label_status === 'pending') return <Chip tone="warning">{word('pending')}</Chip>;
  return (
    <span title={item.label_error ?? undefined}>
      <Chip tone="error">{item.label_error ? t('items.labelFailedWith', { error: item.label_error }) : word('failed')}</Chip>
    </span>
  );
}

export function InventoryItemsListPage() {
  const { tenantId, url: table, page: list } = useTenantList({ list: itemList, resource: 'inventory-items', fetchPage: listItems });
  const [, navigate] = useLocation();
  const toast = useToast();
  const serverWords = useServerWords();
  const { t, word, options } = useInventoryWords();
  const nav = useT(navMessages);
  const ui = useT(uiMessages);
  const format = useFormat();
  const [viewing, setViewing] = useState<{ item: InventoryItem; url: string } | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);

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
      toast.error(t('items.labelOpenFailed'));
    }
  }

  async function regenerate(item: InventoryItem, list: ServerList<InventoryItem>) {
    try {
      await regenerateLabel(item.id);
      toast.success(t('items.labelRegenerated'));
    } catch (error) {
      // The database's refusal (not allowed, not found: PostgREST's error carries a code) by its key, in the page's language.
      const refused = typeof error === 'object' && error !== null && 'code' in error;
      toast.error(refused ? refusalText(error, '; ', serverWords) : t('items.labelRegenerateFailed'));
    }
    list.refetch();
  }

  const columns: DataTableColumn<InventoryItem>[] = [
    {
      id: 'name',
      header: t('col.name'),
      sortable: true,
      cell: (item) => <span title={item.name.length > NAME_MAX ? item.name : undefined}>{truncateName(item.name)}</span>,
    },
    { id: 'sku', header: t('col.sku'), sortable: true, cell: (item) => item.sku },
    { id: 'barcode', header: t('col.barcode'), hideBelow: 'lg', cell: (item) => item.barcode ?? '—' },
    { id: 'category', header: t('col.category'), sortable: true, hideBelow: 'md', cell: (item) => (item.category ? word(item.category) : '—') },
    { id: 'subcategory', header: t('col.subcategory'), hideBelow: 'lg', cell: (item) => (item.subcategory ? word(item.subcategory) : '—') },
    { id: 'brand', header: t('col.brand'), sortable: true, hideBelow: 'md', cell: (item) => item.brand ?? '—' },
    { id: 'label', header: t('col.label'), cell: (item) => <LabelCell item={item} onView={(i) => void view(i)} /> },
    { id: 'status', header: t('col.status'), cell: (item) => <Chip tone={item.is_active ? 'success' : 'neutral'}>{word(item.is_active ? 'active' : 'inactive')}</Chip> },
    { id: 'updated_at', header: t('col.updated'), sortable: true, hideBelow: 'md', cell: (item) => format.dateTime(item.updated_at) },
  ];

  return (
    <div className="space-y-4">
      <PageHeader title={nav('nav.inventoryItems')} breadcrumbs={[{ label: ui('record.dashboard'), href: '/' }, { label: nav('group.warehousing') }, { label: nav('nav.inventoryItems') }]} />
      <DataTable
        label={t('items.label')}
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(item) => item.name}
        searchPlaceholder={t('items.search')}
        rowActions={(item) => [
          { label: t('items.edit'), onSelect: () => navigate(adminPaths.inventoryItemEdit(item.id)) },
          { label: t('items.regenerate'), onSelect: () => void regenerate(item, list) },
        ]}
        toolbar={<Button onClick={() => navigate(adminPaths.inventoryItemCreate())}>{t('items.add')}</Button>}
        filterFields={({ draft, setDraft, field }) => (
          <div className="space-y-4">
            <FilterSelect
              label={t('col.status')}
              value={draft.status}
              options={options(['active', 'inactive'] as const)}
              onChange={(status) => setDraft({ ...draft, status })}
            />
            <FilterSelect label={t('col.category')} options={options(CATEGORIES)} {...field('category')} />
            <FilterSelect label={t('col.subcategory')} options={options(SUBCATEGORIES)} {...field('subcategory')} />
            <FilterText label={t('col.brand')} {...field('brand')} />
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
