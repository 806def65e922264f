import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n/catalogue';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Avatar } from '../../../ui/Avatar';
import { dashboardMessages } from '../messages';
import { useDashboardWidgets } from '../widgets';
import { Card, DashboardLoading, greetingKey, tenantLabel } from './parts';

export interface RoleDashboardProps {
  /** The panel, named in the browser title ('Driver dashboard | ACME'); its line under the greeting says what it is for. */
  panel: 'dispatcher' | 'driver' | 'customer';
  /** The panel's own work under the greeting (e.g. the customer's deliveries), composed in src/app. */
  children?: ReactNode;
}

/** The dashboards of the dispatcher, driver and customer panels: who you are, where, and what is new. */
const INTRO_KEYS = { dispatcher: 'intro.dispatcher', driver: 'intro.driver', customer: 'intro.customer' } as const;

export function RoleDashboard({ panel, children }: RoleDashboardProps) {
  const t = useT(dashboardMessages);
  const { status, user } = useSession();
  const { notifications } = useDashboardWidgets();
  useDocumentTitle(t('title', { panel, tenant: user ? tenantLabel(user) : 'Waypost' }));
  if (status === 'loading' || !user) return <DashboardLoading />;
  const name = user.profile?.full_name ?? user.email ?? t('unnamed');
  const tenantId = tenantIdOf(user);

  return (
    <div className="space-y-6">
      <Card>
        <div className="flex items-center gap-4">
          <Avatar name={name} src={user.profile?.avatar_url} size="lg" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight">
              {t(greetingKey(), { name })}
            </h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(INTRO_KEYS[panel])}</p>
          </div>
        </div>
        <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
          <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-slate-600 dark:text-slate-400">{t('role')}</dt>
            <dd className="mt-0.5 font-semibold" data-testid="dashboard-role">
              {t('role.name', { panel: user.profile?.panel_type ?? 'none' })}
            </dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-slate-600 dark:text-slate-400">{t('business')}</dt>
            <dd className="mt-0.5 font-semibold" data-testid="dashboard-tenant">
              {tenantLabel(user)}
            </dd>
          </div>
        </dl>
      </Card>
      {children}
      {tenantId && notifications?.({ tenantId, userId: user.id })}
    </div>
  );
}
