import { useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ActiveChip } from '../../../ui/Chip';
import { FilterActive, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listDeliveryServices } from '../api';
import { deliveryServiceList } from '../list';
import { formatHoursRange, KIND_OPTIONS, serviceLabel, type DeliveryService, type ServiceKind } from '../schema';

const columns: DataTableColumn<DeliveryService>[] = [
  { id: 'name', header: 'Name', cell: (s) => s.name, sortable: true },
  { id: 'code', header: 'Code', cell: (s) => s.code, sortable: true, width: '9rem' },
  { id: 'kind', header: 'Kind', cell: (s) => serviceLabel(s.kind) },
  { id: 'min_transit_hours', header: 'Transit', cell: (s) => formatHoursRange(s.min_transit_hours, s.max_transit_hours), sortable: true, hideBelow: 'md' },
  {
    id: 'features',
    header: 'Vehicle features',
    hideBelow: 'lg',
    cell: (s) => s.required_vehicle_features.map(serviceLabel).join(', ') || '—',
  },
  { id: 'active', header: 'Status', cell: (s) => <ActiveChip active={s.active} /> },
];

export function DeliveryServicesListPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [, navigate] = useLocation();
  return (
    <ServerListPage
      title="Delivery services"
      list={deliveryServiceList}
      queryKey={['delivery-services', tenantId]}
      fetchPage={(state, context) => listDeliveryServices(tenantId, state, context)}
      rowKey={(row: DeliveryService) => row.id}
      enabled={tenantId !== ''}
      columns={columns}
      rowLabel={(s) => s.name}
      searchPlaceholder="Search name or code"
      rowActions={(s) => [{ label: 'Edit', onSelect: () => navigate(adminPaths.deliveryServiceEdit(s.id)) }]}
      toolbar={<Button onClick={() => navigate(adminPaths.deliveryServiceCreate())}>Add service</Button>}
      filterFields={(draft, setDraft) => (
        <div className="space-y-4">
          <FilterActive value={draft.active} onChange={(active) => setDraft({ ...draft, active })} />
          <FilterSelect<ServiceKind> label="Kind" value={draft.kind} options={KIND_OPTIONS} onChange={(kind) => setDraft({ ...draft, kind })} />
        </div>
      )}
    />
  );
}
