import { StatusChip, type ChipTone } from '../../../ui/Chip';
import { LOCATION_STATUS_LABELS, optionLabel, type LocationStatus, type WarehouseStatus } from '../schema';

const WAREHOUSE_TONES: Record<WarehouseStatus, ChipTone> = { active: 'success', inactive: 'neutral', maintenance: 'warning', full: 'error' };
const LOCATION_TONES: Record<LocationStatus, ChipTone> = { active: 'success', inactive: 'neutral', maintenance: 'warning', reserved: 'info' };

/** Spec 4: a full warehouse reads 'Full Capacity'. */
export function WarehouseStatusChip({ status }: { status: string }) {
  return <StatusChip status={status as WarehouseStatus} tones={WAREHOUSE_TONES} labels={{ full: optionLabel('full') }} />;
}

/** Spec 4: a location under maintenance reads 'Under Maintenance'. */
export function LocationStatusChip({ status }: { status: string }) {
  return <StatusChip status={status as LocationStatus} tones={LOCATION_TONES} labels={LOCATION_STATUS_LABELS} />;
}

export function ActiveChip({ active }: { active: boolean }) {
  return <StatusChip status={active ? 'active' : 'inactive'} tones={{ active: 'success', inactive: 'neutral' }} />;
}
