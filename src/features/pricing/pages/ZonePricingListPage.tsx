import { useState } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../../lib/session';
import { useTenantCurrency } from '../../../lib/tenant-settings';
import { tenantIdOf } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { ActiveChip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { FilterSelect } from '../../../ui/data-table/FilterSelect';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import { PageHeader } from '../../../ui/PageHeader';
import { useToast } from '../../../ui/toast';
import { serviceLookup } from '../../../data/delivery-services';
import { lookupZones, zoneName } from '../../../data/zones';
import { deletePricing, listPricing } from '../api';
import { QuotePanel } from '../components/QuotePanel';
import { pricingList } from '../list';
import { formatHours, formatMoney, type PricingRow } from '../schema';

export const PRICING_TOASTS = {
  deleted: 'Zone price deleted',
  deleteFailed: 'Failed to delete zone price',
} as const;

function pricingColumns(currency: string): DataTableColumn<PricingRow>[] {
  return [
    { id: 'origin_zone_name', header: 'Origin zone', cell: (p) => p.origin_zone_name, sortable: true },
    { id: 'destination_zone_name', header: 'Destination zone', cell: (p) => p.destination_zone_name, sortable: true },
    { id: 'service_name', header: 'Service', cell: (p) => p.service_name, sortable: true },
    { id: 'service_code', header: 'Service code', cell: (p) => p.service_code, sortable: true, hideBelow: 'md' },
    { id: 'active', header: 'Status', cell: (p) => <ActiveChip active={p.active} /> },
    { id: 'base_price', header: 'Base price', cell: (p) => formatMoney(p.base_price, currency), sortable: true, align: 'end' },
    { id: 'per_unit_price', header: 'Per unit price', cell: (p) => `${formatMoney(p.per_unit_price, currency)}/kg`, sortable: true, align: 'end', hideBelow: 'sm' },
    { id: 'min_transit_time', header: 'Min transit time', cell: (p) => formatHours(p.min_transit_time), sortable: true, align: 'end', hideBelow: 'lg' },
    { id: 'max_transit_time', header: 'Max transit time', cell: (p) => formatHours(p.max_transit_time), sortable: true, align: 'end', hideBelow: 'lg' },
  ];
}

/** Add goes to the current path + /create, a row's Edit to ./edit/{id}. */
export function ZonePricingListPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [location, navigate] = useLocation();
  const toast = useToast();
  const table = useListUrlState(pricingList);
  const list = useServerList({
    queryKey: ['zone-pricing', tenantId],
    state: table.state,
    fetchPage: (state, context) => listPricing(tenantId, state, context),
    rowKey: (p: PricingRow) => p.id,
    enabled: tenantId !== '',
  });
  const currency = useTenantCurrency();
  const [quoting, setQuoting] = useState(false);
  const [deleting, setDeleting] = useState<PricingRow | null>(null);

  const base = location.replace(/\/+$/, '');
  const searchZones = (term: string, signal: AbortSignal, limit: number) => lookupZones(tenantId, term, limit, signal, { markInactive: true });

  return (
    <div className="space-y-4">
      <PageHeader title="Zone Pricing" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Zone Pricing' }]} />
      {quoting && <QuotePanel tenantId={tenantId} />}
      <DataTable
        label="Zone pricing"
        columns={pricingColumns(currency)}
        {...table}
        {...list.tableProps}
        rowLabel={(p) => `${p.origin_zone_name} to ${p.destination_zone_name}, ${p.service_name}`}
        searchPlaceholder="Search zone or service"
        rowActions={(p) => [
          { label: 'Edit', onSelect: () => navigate(`${base}/edit/${p.id}`) },
          { label: 'Delete', onSelect: () => setDeleting(p), destructive: true },
        ]}
        toolbar={
          <div className="flex gap-2">
            <Button variant="secondary" aria-expanded={quoting} onClick={() => setQuoting((open) => !open)}>
              {quoting ? 'Hide quote' : 'Try a quote'}
            </Button>
            <Button onClick={() => navigate(`${base}/create`)}>Add</Button>
          </div>
        }
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
            <LookupFilter
              label="Origin zone"
              value={draft.origin_zone_id}
              onChange={(origin_zone_id) => setDraft((current) => ({ ...current, origin_zone_id }))}
              search={searchZones}
              resolveLabel={(id) => zoneName(tenantId, id)}
            />
            <LookupFilter
              label="Destination zone"
              value={draft.destination_zone_id}
              onChange={(destination_zone_id) => setDraft((current) => ({ ...current, destination_zone_id }))}
              search={searchZones}
              resolveLabel={(id) => zoneName(tenantId, id)}
            />
            <LookupFilter
              label="Service"
              value={draft.service_id}
              onChange={(service_id) => setDraft((current) => ({ ...current, service_id }))}
              {...serviceLookup(tenantId)}
            />
          </div>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this price?"
        message={
          deleting
            ? `${deleting.service_name} from ${deleting.origin_zone_name} to ${deleting.destination_zone_name} will no longer be quoted. Deliveries already priced keep their price.`
            : ''
        }
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await deletePricing(tenantId, deleting.id).catch((error: unknown) => {
            throw new Error(`${PRICING_TOASTS.deleteFailed}: ${(error as { message?: string }).message ?? 'unknown error'}`);
          });
          toast.success(PRICING_TOASTS.deleted);
          list.refetch();
        }}
      />
    </div>
  );
}
