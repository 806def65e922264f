import type { ReactNode } from 'react';
import type { AppUser } from '../../../lib/session';
import { useT } from '../../../lib/i18n/catalogue';
import { Button } from '../../../ui/Button';
import { uiMessages } from '../../../ui/messages';
import { dashboardMessages } from '../messages';

export function tenantLabel(user: AppUser): string {
  return user.tenant?.name.en ?? user.tenant?.slug ?? '—';
}

/** Morning, afternoon or evening, by the user's clock: the greeting's message. */
export function greetingKey(now: Date = new Date()): 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening' {
  const hour = now.getHours();
  return hour < 12 ? 'greeting.morning' : hour < 18 ? 'greeting.afternoon' : 'greeting.evening';
}

export function Card({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-brand-card p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className ?? ''}`}>
      {title && <h2 className="text-base font-semibold">{title}</h2>}
      {children}
    </section>
  );
}

export function ErrorCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  const ui = useT(uiMessages);
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
      <span>{message}</span>
      <Button variant="secondary" onClick={onRetry}>
        {ui('retry')}
      </Button>
    </div>
  );
}

/** The session is still loading (the panel's guard normally keeps this from showing). */
export function DashboardLoading() {
  const t = useT(dashboardMessages);
  return (
    <div role="status" className="py-16 text-center text-sm text-slate-600 dark:text-slate-400">
      {t('loading')}
    </div>
  );
}
