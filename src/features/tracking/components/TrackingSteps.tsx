import type { TrackingStep } from '../schema';
import { formatTrackingTime } from '../format';

const DOT: Record<TrackingStep['state'], string> = {
  done: 'bg-brand text-brand-contrast',
  current: 'bg-brand text-brand-contrast ring-4 ring-brand/25',
  upcoming: 'bg-slate-200 text-slate-500 dark:bg-slate-700 dark:text-slate-300',
  failed: 'bg-red-600 text-white ring-4 ring-red-600/20',
};

const STATE_TEXT: Record<TrackingStep['state'], string> = {
  done: 'done',
  current: 'current step',
  upcoming: 'not yet',
  failed: 'stopped here',
};

/** The delivery's way as a vertical stepper: what happened when, where it is now, what comes next. */
export function TrackingSteps({ steps }: { steps: readonly TrackingStep[] }) {
  return (
    <ol aria-label="Delivery progress" className="space-y-0">
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
                {step.label}
                <span className="sr-only"> ({STATE_TEXT[step.state]})</span>
              </p>
              {step.at && <p className="text-xs text-slate-600 dark:text-slate-400">{formatTrackingTime(step.at)}</p>}
              {step.arrival && (
                <p className="mt-1 text-xs text-slate-700 dark:text-slate-300" data-testid="tracking-arrival">
                  <span aria-hidden="true">↳ </span>
                  {step.arrival.label} · {formatTrackingTime(step.arrival.at)}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
