import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import { Button } from '../../../ui/Button';
import { useTenantList } from '../../../ui/ServerListPage';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { DocumentViewer } from '../../../ui/document-viewer';
import { PageHeader } from '../../../ui/PageHeader';
import { useToast } from '../../../ui/toast';
import { listLocations, listLocationsByIds } from '../api';
import { locationStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { useLocationTree, useWarehousingWords } from '../../../data/warehousing-words';
import { useWarehouseChoices } from '../../../data/warehouses';
import { warehouseFilterOptions } from '../../../data/warehouse-options';
import { LoadedTree } from '../../../ui/RecordTree';
import { locationList } from '../list';
import { locationMessages } from '../messages';
import type { WarehouseLocation } from '../schema';
import { useStatuses } from '../../../lib/status-vocabulary';


interface LabelDocument {
  url: string;
  count: number;
}

export function LocationsListPage() {
  const statusWords = useStatuses(locationStatus);
  const t = useT(locationMessages);
  const format = useFormat();
  const { locationTypes } = useWarehousingWords();
  const { tenantId, url: table, page: list } = useTenantList({ list: locationList, resource: 'warehouse_locations', fetchPage: listLocations });
  const [, navigate] = useLocation();
  const toast = useToast();
  const warehouses = useWarehouseChoices(tenantId);
  const warehouseName = useMemo(() => new Map(warehouses.map((w) => [w.id, w.name])), [warehouses]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [labels, setLabels] = useState<LabelDocument | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  // The PDF is a blob URL made here: given back when it is replaced or the screen goes.
  useEffect(
    () => () => {
      if (labels) URL.revokeObjectURL(labels.url);
    },
    [labels],
  );

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pageIds = list.rows.map((l) => l.id);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  async function printLabels() {
    setPrinting(true);
    try {
      // pdf-lib (most of a megabyte) loads when labels are printed, not with the list.
      const [{ renderBinLabels }, rows] = await Promise.all([import('../labels'), listLocationsByIds(tenantId, [...selected])]);
      const bytes = await renderBinLabels(rows.map((row) => ({ code: row.code, name: row.name, warehouse: warehouseName.get(row.warehouse_id) ?? '' })));
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
      setLabels({ url, count: rows.length });
      setViewerOpen(true);
    } catch {
      toast.error(t('list.labelsFailed'));
    } finally {
      setPrinting(false);
    }
  }

  const treeWarehouse = table.state.filters.warehouse ?? warehouses[0]?.id;
  const tree = useLocationTree(tenantId, treeWarehouse ?? '', (treeWarehouse && warehouseName.get(treeWarehouse)) || t('list.theWarehouse'));
  const columns: DataTableColumn<WarehouseLocation>[] = [
    {
      id: 'select',
      header: t('col.select'),
      width: '4rem',
      cell: (l) => (
        <input
          type="checkbox"
          className="size-4 accent-brand"
          aria-label={t('list.select', { code: l.code })}
          checked={selected.has(l.id)}
          onChange={(event) => toggle(l.id, event.target.checked)}
        />
      ),
    },
    {
      id: 'code',
      header: t('col.code'),
      sortable: true,
      cell: (l) => (
        <Link href={adminPaths.locationEdit(l.id)} className="font-mono text-xs font-semibold text-brand hover:underline">
          {l.code}
        </Link>
      ),
    },
    { id: 'name', header: t('col.name'), cell: (l) => l.name, sortable: true },
    { id: 'location_type', header: t('col.type'), cell: (l) => locationTypes.label(l.location_type), sortable: true },
    { id: 'warehouse', header: t('col.warehouse'), cell: (l) => warehouseName.get(l.warehouse_id) ?? '—', hideBelow: 'md' },
    { id: 'status', header: t('col.status'), cell: (l) => <StatusChip vocabulary={locationStatus} status={l.status} /> },
    { id: 'updated_at', header: t('col.updated'), cell: (l) => format.dateTime(l.updated_at), sortable: true, hideBelow: 'lg' },
  ];

  return (
    <div className="space-y-4">
      <PageHeader title={t('list.title')} breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('list.title') }]} />
      <div className="grid gap-4 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-2">
          <DataTable
            label={t('list.label')}
            columns={columns}
            {...table}
            {...list.tableProps}
            rowLabel={(l) => l.code}
            searchPlaceholder={t('list.search')}
            rowActions={(l) => [
              { label: t('list.edit'), onSelect: () => navigate(adminPaths.locationEdit(l.id)) },
              ...(l.location_type === 'bin'
                ? []
                : [{ label: t('list.addInside'), onSelect: () => navigate(`${adminPaths.locationCreate()}?warehouse_id=${l.warehouse_id}&parent_id=${l.id}&location_type=${childType(l.location_type)}`) }]),
            ]}
            toolbar={
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  variant="secondary"
                  disabled={pageIds.length === 0}
                  onClick={() => setSelected((current) => (pageSelected ? new Set([...current].filter((id) => !pageIds.includes(id))) : new Set([...current, ...pageIds])))}
                >
                  {pageSelected ? t('list.unselectPage') : t('list.selectPage')}
                </Button>
                <Button variant="secondary" disabled={selected.size === 0 || printing} busy={printing} onClick={() => void printLabels()}>
                  {t('list.print', { count: selected.size })}
                </Button>
                <Button onClick={() => navigate(`/locations/create${treeWarehouse ? `?warehouse_id=${treeWarehouse}` : ''}`)}>{t('list.add')}</Button>
              </div>
            }
            filterFields={({ field }) => (
              <div className="space-y-4">
                <FilterSelect label={t('col.warehouse')} options={warehouseFilterOptions(warehouses)} {...field('warehouse')} />
                <FilterSelect label={t('filter.type')} options={locationTypes.options} {...field('type')} />
                <FilterSelect label={t('col.status')} options={statusWords.options} {...field('status')} />
              </div>
            )}
          />
        </div>
        <aside aria-label={t('list.treeLabel')} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
          <label className="mb-3 block text-sm font-semibold">
            {t('list.treeOf')}
            <select
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal dark:border-slate-600 dark:bg-slate-900"
              value={treeWarehouse ?? ''}
              onChange={(event) => table.onStateChange({ ...table.state, page: 0, filters: { ...table.state.filters, warehouse: event.target.value || undefined } })}
            >
              {warehouses.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name} ({w.code})
                </option>
              ))}
            </select>
          </label>
          <div className="max-h-[40rem] overflow-auto">
            {treeWarehouse ? (
              <LoadedTree {...tree} />
            ) : (
              <p className="py-6 text-center text-sm text-slate-500">{t('list.noWarehouse')}</p>
            )}
          </div>
        </aside>
      </div>
      {labels && (
        <DocumentViewer open={viewerOpen} onClose={() => setViewerOpen(false)} url={labels.url} fileName={`bin-labels-${labels.count}.pdf`} mimeType="application/pdf" />
      )}
    </div>
  );
}

function childType(type: string): string {
  return type === 'zone' ? 'aisle' : type === 'aisle' ? 'shelf' : 'bin';
}

export default LocationsListPage;
