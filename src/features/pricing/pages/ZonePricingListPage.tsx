import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { useTenantCurrency } from '../../../lib/tenant-settings';
import { Button } from '../../../ui/Button';
import { useTenantList } from '../../../ui/ServerListPage';
import { ActiveChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { FilterSelect } from '../../../ui/data-table/FilterSelect';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { uiMessages } from '../../../ui/messages';
import { PageHeader } from '../../../ui/PageHeader';
import { useToast } from '../../../ui/toast';
import { serviceLookup } from '../../../data/delivery-services';
import { zoneLookup } from '../../../data/zones';
import { deletePricing, listPricing } from '../api';
import { QuotePanel } from '../components/QuotePanel';
import { pricingList } from '../list';
import { pricingMessages, type PricingKey } from '../messages';
import type { PricingRow } from '../schema';

/** The columns in the page's language: headers, money in the tenant's currency and hours in the locale's formats. */
function pricingColumns(t: Translate<PricingKey>, format: LocaleFormat, currency: string): DataTableColumn<PricingRow>[] {
  return [
    { id: 'origin_zone_name', header: t('col.origin'), cell: (p) => p.origin_zone_name, sortable: true },
    { id: 'destination_zone_name', header: t('col.destination'), cell: (p) => p.destination_zone_name, sortable: true },
    { id: 'service_name', header: t('col.service'), cell: (p) => p.service_name, sortable: true },
    { id: 'service_code', header: t('col.serviceCode'), cell: (p) => p.service_code, sortable: true, hideBelow: 'md' },
    { id: 'active', header: t('col.status'), cell: (p) => <ActiveChip active={p.active} /> },
    { id: 'base_price', header: t('col.base'), cell: (p) => format.money(p.base_price, currency), sortable: true, align: 'end' },
    { id: 'per_unit_price', header: t('col.perUnit'), cell: (p) => t('list.perKg', { amount: format.money(p.per_unit_price, currency) }), sortable: true, align: 'end', hideBelow: 'sm' },
    { id: 'min_transit_time', header: t('col.min'), cell: (p) => t('list.hours', { hours: p.min_transit_time }), sortable: true, align: 'end', hideBelow: 'lg' },
    { id: 'max_transit_time', header: t('col.max'), cell: (p) => t('list.hours', { hours: p.max_transit_time }), sortable: true, align: 'end', hideBelow: 'lg' },
  ];
}

/** Add goes to the current path + /create, a row's Edit to ./edit/{id}. */
export function ZonePricingListPage() {
  const { tenantId, url: table, page: list } = useTenantList({ list: pricingList, resource: 'zone-pricing', fetchPage: listPricing });
  const [location, navigate] = useLocation();
  const toast = useToast();
  const currency = useTenantCurrency();
  const [quoting, setQuoting] = useState(false);
  const [deleting, setDeleting] = useState<PricingRow | null>(null);
  const t = useT(pricingMessages);
  const ui = useT(uiMessages);
  const format = useFormat();
  const columns = useMemo(() => pricingColumns(t, format, currency), [t, format, currency]);

  const base = location.replace(/\/+$/, '');
  const zones = zoneLookup(tenantId, { markInactive: true });

  return (
    <div className="space-y-4">
      <PageHeader title={t('list.title')} breadcrumbs={[{ label: ui('record.dashboard'), href: '/' }, { label: t('list.title') }]} />
      {quoting && <QuotePanel tenantId={tenantId} />}
      <DataTable
        label={t('list.label')}
        columns={columns}
        {...table}
        {...list.tableProps}
        rowLabel={(p) => t('list.rowLabel', { origin: p.origin_zone_name, destination: p.destination_zone_name, service: p.service_name })}
        searchPlaceholder={t('list.search')}
        rowActions={(p) => [
          { label: t('list.edit'), onSelect: () => navigate(`${base}/edit/${p.id}`) },
          { label: t('list.delete'), onSelect: () => setDeleting(p), destructive: true },
        ]}
        toolbar={
          <div className="flex gap-2">
            <Button variant="secondary" aria-expanded={quoting} onClick={() => setQuoting((open) => !open)}>
              {quoting ? t('list.hideQuote') : t('list.tryQuote')}
            </Button>
            <Button onClick={() => navigate(`${base}/create`)}>{t('list.add')}</Button>
          </div>
        }
        filterFields={({ draft, setDraft, field }) => (
          <div className="space-y-4">
            <FilterSelect
              label={t('col.status')}
              value={draft.status}
              options={[
                { value: 'active', label: t('filter.active') },
                { value: 'inactive', label: t('filter.inactive') },
              ]}
              onChange={(status) => setDraft({ ...draft, status })}
            />
            <LookupFilter label={t('col.origin')} {...field('origin_zone_id')} {...zones} />
            <LookupFilter label={t('col.destination')} {...field('destination_zone_id')} {...zones} />
            <LookupFilter label={t('col.service')} {...field('service_id')} {...serviceLookup(tenantId)} />
          </div>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        message={deleting ? t('delete.message', { service: deleting.service_name, origin: deleting.origin_zone_name, destination: deleting.destination_zone_name }) : ''}
        confirmLabel={t('list.delete')}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await deletePricing(tenantId, deleting.id).catch((error: unknown) => {
            throw new Error(t('delete.failed', { error: (error as { message?: string }).message ?? t('delete.unknownError') }));
          });
          toast.success(t('toast.deleted'));
          list.refetch();
        }}
      />
    </div>
  );
}
