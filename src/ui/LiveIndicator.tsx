import type { ConnectionState } from '../lib/realtime';

const look: Record<ConnectionState, { label: string; dot: string }> = {
  connecting: { label: 'Connecting…', dot: 'bg-amber-400 animate-pulse' },
  live: { label: 'Live', dot: 'bg-emerald-500' },
  offline: { label: 'Offline: changes appear when the connection returns', dot: 'bg-slate-400' },
};

/** Shows whether a list is receiving live changes. */
export function LiveIndicator({ state, className }: { state: ConnectionState; className?: string }) {
  const { label, dot } = look[state];
  return (
    <span
      role="status"
      aria-live="polite"
      className={`inline-flex items-center gap-1.5 text-xs font-medium text-slate-600 dark:text-slate-300 ${className ?? ''}`}
      title={label}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
      {state === 'offline' ? 'Offline' : label}
    </span>
  );
}
