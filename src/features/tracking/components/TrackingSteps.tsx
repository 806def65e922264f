import { useLanguage, useT } from '../../../lib/i18n/catalogue';
import type { TrackingStep } from '../schema';
import { formatTrackingTime } from '../format';
import { trackingMessages, type TrackingKey } from '../messages';

const DOT: Record<TrackingStep['state'], string> = {
  done: 'bg-brand text-brand-contrast',
  current: 'bg-brand text-brand-contrast ring-4 ring-brand/25',
  upcoming: 'bg-slate-200 text-slate-500 dark:bg-slate-700 dark:text-slate-300',
  failed: 'bg-red-600 text-white ring-4 ring-red-600/20',
};

const STATE_TEXT: Record<TrackingStep['state'], TrackingKey> = {
  done: 'progress.done',
  current: 'progress.current',
  upcoming: 'progress.upcoming',
  failed: 'progress.failed',
};

const STEP_LABEL: Record<TrackingStep['key'], TrackingKey> = {
  placed: 'step.placed',
  assigned: 'step.assigned',
  picked_up: 'step.picked_up',
  in_transit: 'step.in_transit',
  delivered: 'step.delivered',
  failed: 'step.failed',
  cancelled: 'step.cancelled',
  returned: 'step.returned',
};

/** The delivery's way as a vertical stepper: what happened when, where it is now, what comes next. */
export function TrackingSteps({ steps }: { steps: readonly TrackingStep[] }) {
  const t = useT(trackingMessages);
  const language = useLanguage();
  return (
    <ol aria-label={t('progress.label')} className="space-y-0">
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        return (
          <li
            key={step.key}
            aria-current={step.state === 'current' || step.state === 'failed' ? 'step' : undefined}
            data-state={step.state}
            className="relative flex gap-3 pb-5 last:pb-0"
          >
            {!last && (
              <span
                aria-hidden="true"
                className={`absolute top-7 left-3.5 h-[calc(100%-1.75rem)] w-0.5 -translate-x-1/2 ${step.state === 'done' ? 'bg-brand' : 'bg-slate-200 dark:bg-slate-700'}`}
              />
            )}
            <span aria-hidden="true" className={`relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${DOT[step.state]}`}>
              {step.state === 'done' ? '✓' : step.state === 'failed' ? '!' : index + 1}
            </span>
            <div className="min-w-0 pt-0.5">
              <p className={`text-sm ${step.state === 'upcoming' ? 'text-slate-500 dark:text-slate-400' : 'font-semibold'}`}>
                {t(STEP_LABEL[step.key])}
                <span className="sr-only"> ({t(STATE_TEXT[step.state])})</span>
              </p>
              {step.at && <p className="text-xs text-slate-600 dark:text-slate-400">{formatTrackingTime(t, step.at, undefined, language)}</p>}
              {step.arrival && (
                <p className="mt-1 text-xs text-slate-700 dark:text-slate-300" data-testid="tracking-arrival">
                  <span aria-hidden="true">↳ </span>
                  {t(step.arrival.stop === 'pickup' ? 'step.arrivedPickup' : 'step.arrivedDoor')} · {formatTrackingTime(t, step.arrival.at, undefined, language)}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
