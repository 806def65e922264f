import { Button } from '../../../ui/Button';
import { Chip, type ChipTone } from '../../../ui/Chip';
import type { DriverRecord } from '../api';
import type { GeoState } from '../use-duty-geolocation';
import { useT } from '../../../lib/i18n/catalogue';
import { driverMessages, type DriverKey } from '../messages';

const STATUS = {
  offline: { label: 'duty.offline', tone: 'neutral' },
  available: { label: 'duty.available', tone: 'success' },
  busy: { label: 'duty.busy', tone: 'info' },
  on_break: { label: 'duty.on_break', tone: 'warning' },
} as const satisfies Record<DriverRecord['status'], { label: DriverKey; tone: ChipTone }>;

const GEO_TEXT = {
  off: null,
  waiting: 'geo.waiting',
  active: 'geo.active',
  denied: 'geo.denied',
  unavailable: 'geo.unavailable',
  unsupported: 'geo.unsupported',
} as const satisfies Record<GeoState, string | null>;

export interface DutyPanelProps {
  status: DriverRecord['status'];
  geo: GeoState;
  busy: boolean;
  onChange: (status: 'available' | 'offline' | 'on_break') => void;
}

/** Going on and off duty (set_driver_status), and whether the phone's location reaches dispatch. */
export function DutyPanel({ status, geo, busy, onChange }: DutyPanelProps) {
  const onDuty = status !== 'offline';
  const t = useT(driverMessages);
  const geoKey = GEO_TEXT[geo];
  const geoText = geoKey ? t(geoKey) : null;
  const problem = geo === 'denied' || geo === 'unavailable' || geo === 'unsupported';
  return (
    <section aria-labelledby="duty-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id="duty-heading" className="text-base font-semibold">
            {t('duty.heading')}
          </h2>
          <span data-testid="duty-status">
            <Chip tone={STATUS[status].tone}>{t(STATUS[status].label)}</Chip>
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          {onDuty ? (
            <>
              {status === 'on_break' ? (
                <Button variant="secondary" busy={busy} onClick={() => onChange('available')}>
                  {t('duty.endBreak')}
                </Button>
              ) : (
                <Button variant="secondary" busy={busy} onClick={() => onChange('on_break')}>
                  {t('duty.takeBreak')}
                </Button>
              )}
              <Button variant="secondary" busy={busy} onClick={() => onChange('offline')}>
                {t('duty.goOff')}
              </Button>
            </>
          ) : (
            <Button busy={busy} onClick={() => onChange('available')} className="min-w-40">
              {t('duty.goOn')}
            </Button>
          )}
        </div>
      </div>
      {geoText && (
        <p role={problem ? 'alert' : undefined} className={`mt-3 text-sm ${problem ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`} data-testid="geo-status">
          {geoText}
        </p>
      )}
    </section>
  );
}
