import { useState } from 'react';
import type { RankedDriver } from '../../../lib/dispatch';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useLanguage, useT } from '../../../lib/i18n/catalogue';
import { boardMessages } from '../messages';
import type { BoardDelivery, BoardVehicle } from '../model';
import { formatClock, formatKm } from './format';
import { HealthChip, type DriverEntry } from './DriversPanel';

interface AssignDialogProps {
  deliveries: readonly BoardDelivery[];
  drivers: readonly DriverEntry[];
  vehicles: readonly BoardVehicle[];
  /** Suggestions for a single delivery, best first (empty for several, or when the planner cannot say). */
  ranked: readonly RankedDriver[];
  initialDriverId?: string | null;
  onClose: () => void;
  onAssign: (driverId: string, vehicleId: string) => void;
}

/** Assign from the keyboard (A): a driver (the suggestions first, with estimated pickup) and the vehicle, default the driver's own. */
export function AssignDialog({ deliveries, drivers, vehicles, ranked, initialDriverId, onClose, onAssign }: AssignDialogProps) {
  const t = useT(boardMessages);
  const language = useLanguage();
  const rankOf = new Map(ranked.map((r, i) => [r.driver_id, { ...r, rank: i }]));
  const ordered = [...drivers].sort((a, b) => (rankOf.get(a.driver.id)?.rank ?? 1e9) - (rankOf.get(b.driver.id)?.rank ?? 1e9) || a.name.localeCompare(b.name));
  const [driverId, setDriverId] = useState<string>(initialDriverId ?? ordered[0]?.driver.id ?? '');
  const defaultVehicle = (id: string) => drivers.find((d) => d.driver.id === id)?.driver.default_vehicle_id ?? '';
  const [vehicleId, setVehicleId] = useState<string>(defaultVehicle(driverId));
  const [problem, setProblem] = useState<string | null>(null);
  const title = deliveries.length === 1 ? t('assign.title', { code: deliveries[0]!.delivery_code }) : t('assign.count', { count: deliveries.length });

  const submit = () => {
    if (!driverId) return setProblem(t('assign.chooseDriver'));
    if (!vehicleId) return setProblem(t('assign.chooseVehicle'));
    onAssign(driverId, vehicleId);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={deliveries.length > 1 ? deliveries.map((d) => d.delivery_code).join(', ') : t('assign.description')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('assign.cancel')}
          </Button>
          <Button onClick={submit} disabled={ordered.length === 0}>
            {t('assign.submit')}
          </Button>
        </>
      }
    >
      {ordered.length === 0 ? (
        <p className="text-sm">{t('assign.noDrivers')}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          className="space-y-3"
        >
          <fieldset>
            <legend className="text-sm font-semibold">{t('assign.driver')}</legend>
            <div className="mt-1 max-h-72 space-y-1 overflow-y-auto" role="radiogroup" aria-label={t('assign.driver')}>
              {ordered.map((entry) => {
                const r = rankOf.get(entry.driver.id);
                return (
                  <label key={entry.driver.id} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-2 py-1.5 text-sm has-[:checked]:border-brand dark:border-slate-700">
                    <input
                      type="radio"
                      name="driver"
                      value={entry.driver.id}
                      checked={driverId === entry.driver.id}
                      onChange={() => {
                        setDriverId(entry.driver.id);
                        setVehicleId(defaultVehicle(entry.driver.id));
                        setProblem(null);
                      }}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">{entry.name}</span>
                      {r && r.rank === 0 && <span className="ml-1.5 text-xs font-semibold text-emerald-700 dark:text-emerald-400">{t('assign.bestFit')}</span>}
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {r
                          ? t('assign.ranked', {
                              distance: formatKm(r.distance_km, language),
                              time: formatClock(r.estimated_pickup, undefined, language),
                              late: r.on_time ? 'no' : 'yes',
                              count: entry.tasks.length,
                            })
                          : t('assign.unranked', { vehicle: entry.vehicleName ?? t('drivers.noVehicle'), count: entry.tasks.length })}
                      </span>
                    </span>
                    <HealthChip health={entry.health} />
                  </label>
                );
              })}
            </div>
          </fieldset>
          <label className="block text-sm">
            <span className="font-semibold">{t('assign.vehicle')}</span>
            <select
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
              value={vehicleId}
              onChange={(event) => {
                setVehicleId(event.target.value);
                setProblem(null);
              }}
            >
              <option value="">{t('assign.chooseVehicle')}</option>
              {vehicles.map((v) => (
                <option key={v.id} value={v.id}>
                  {t('assign.vehicleOption', { name: v.name, code: v.code, capacity: Number(v.capacity_unit) })}
                </option>
              ))}
            </select>
          </label>
          {problem && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}
