import type { ConnectionState } from '../lib/realtime';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

const look: Record<ConnectionState, { label: 'live.connecting' | 'live.live' | 'live.offlineDetail'; dot: string }> = {
  connecting: { label: 'live.connecting', dot: 'bg-amber-400 animate-pulse' },
  live: { label: 'live.live', dot: 'bg-emerald-500' },
  offline: { label: 'live.offlineDetail', dot: 'bg-slate-400' },
};

/** Shows whether a list is receiving live changes. */
export function LiveIndicator({ state, className }: { state: ConnectionState; className?: string }) {
  const t = useT(uiMessages);
  const { dot } = look[state];
  const label = t(look[state].label);
  return (
    <span
      role="status"
      aria-live="polite"
      className={`inline-flex items-center gap-1.5 text-xs font-medium text-slate-600 dark:text-slate-300 ${className ?? ''}`}
      title={label}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
      {state === 'offline' ? t('live.offline') : label}
    </span>
  );
}
