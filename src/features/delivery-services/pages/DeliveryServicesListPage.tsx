import { useMemo } from 'react';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { type LocaleFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import { ActiveChip } from '../../../ui/Chip';
import { FilterActive, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { ServerListPage } from '../../../ui/ServerListPage';
import { listDeliveryServices } from '../api';
import { deliveryServiceList } from '../list';
import { serviceMessages, type ServiceKey } from '../messages';
import type { DeliveryService, ServiceKind } from '../schema';
import { serviceOptions, serviceWords } from '../words';

function serviceColumns(t: Translate<ServiceKey>, format: LocaleFormat): DataTableColumn<DeliveryService>[] {
  return [
  { id: 'name', header: t('col.name'), cell: (s) => s.name, sortable: true },
  { id: 'code', header: t('col.code'), cell: (s) => s.code, sortable: true, width: '9rem' },
  { id: 'kind', header: t('col.kind'), cell: (s) => serviceWords(t, s.kind) },
  { id: 'min_transit_hours', header: t('col.transit'), cell: (s) => t('list.hours', { min: format.number(s.min_transit_hours), max: format.number(s.max_transit_hours) }), sortable: true, hideBelow: 'md' },
  {
    id: 'features',
    header: t('col.features'),
    hideBelow: 'lg',
    cell: (s) => s.required_vehicle_features.map((f) => serviceWords(t, f)).join(', ') || '—',
  },
  { id: 'active', header: t('col.status'), cell: (s) => <ActiveChip active={s.active} /> },
];
}

export function DeliveryServicesListPage() {
  const t = useT(serviceMessages);
  const options = useMemo(() => serviceOptions(t), [t]);
  return (
    <ServerListPage
      words={{ catalogue: serviceMessages, title: 'list.title', search: 'list.search', add: 'list.add', edit: 'list.edit' }}
      list={deliveryServiceList} resource="delivery-services" fetchPage={listDeliveryServices}
      columns={serviceColumns} rowLabel={(s) => s.name}
      create={adminPaths.deliveryServiceCreate()} edit={(s) => adminPaths.deliveryServiceEdit(s.id)}
      filterFields={({ field }) => (
        <>
          <FilterActive {...field('active')} />
          <FilterSelect<ServiceKind> label={t('col.kind')} options={options.kinds} {...field('kind')} />
        </>
      )}
    />
  );
}
