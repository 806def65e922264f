import { useMemo } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { locationTree } from '../locations';
import { LOCATION_TYPES, SECURITY_LEVELS, STAFF_ROLES, type LocationNode, type LocationType, type SecurityLevel, type StaffRole, type WarehouseStaff } from '../warehousing';
import { warehousingMessages, type WarehousingKey } from './messages';

const SECURITY_KEYS = {
  low: 'security.low',
  medium: 'security.medium',
  high: 'security.high',
  maximum: 'security.maximum',
} as const satisfies Record<SecurityLevel, WarehousingKey>;

const LOCATION_KEYS = {
  zone: 'location.zone',
  aisle: 'location.aisle',
  shelf: 'location.shelf',
  bin: 'location.bin',
} as const satisfies Record<LocationType, WarehousingKey>;

const ROLE_KEYS = {
  manager: 'role.manager',
  supervisor: 'role.supervisor',
  receiver: 'role.receiver',
  picker: 'role.picker',
  packer: 'role.packer',
  dispatcher_liaison: 'role.dispatcher_liaison',
} as const satisfies Record<StaffRole, WarehousingKey>;

export interface WordChoices<V extends string> {
  /** A stored value's words; a value this build does not know, as itself. */
  label: (value: string) => string;
  options: { value: V; label: string }[];
}

function choices<V extends string>(values: readonly V[], keys: Record<V, WarehousingKey>, t: (key: WarehousingKey) => string): WordChoices<V> {
  return {
    label: (value) => (value in keys ? t(keys[value as V]) : value),
    options: values.map((value) => ({ value, label: t(keys[value]) })),
  };
}

/**
 * The warehousing words several screens share (a warehouse's or location's security level, a
 * location's type, a staff member's role) in the page's language; `src/data/warehousing.ts` keeps
 * the values and the English.
 */
export function useWarehousingWords() {
  const t = useT(warehousingMessages);
  return useMemo(
    () => ({
      securityLevels: choices(SECURITY_LEVELS, SECURITY_KEYS, t),
      locationTypes: choices(LOCATION_TYPES, LOCATION_KEYS, t),
      staffRoles: choices(STAFF_ROLES, ROLE_KEYS, t),
      /** A roster row as 'name - role' (`staffLabel` in the page's language). */
      staffLabel: (staff: Pick<WarehouseStaff, 'role' | 'user'>) =>
        t('staff.label', { name: staff.user?.full_name ?? t('staff.unnamed'), role: staff.role in ROLE_KEYS ? t(ROLE_KEYS[staff.role as StaffRole]) : staff.role }),
    }),
    [t],
  );
}

/** A warehouse's location tree (`locationTree`) with its words in the page's language: `<LoadedTree {...useLocationTree(…)} />`. */
export function useLocationTree(tenantId: string, warehouseId: string, warehouseName: string) {
  const t = useT(warehousingMessages);
  const { locationTypes } = useWarehousingWords();
  return {
    ...locationTree(tenantId, warehouseId, warehouseName),
    loadingLabel: t('tree.loading'),
    failedTitle: t('tree.failed'),
    label: t('tree.label', { warehouse: warehouseName }),
    emptyText: t('tree.empty'),
    detailOf: (node: LocationNode) => locationTypes.label(node.location_type),
  };
}
