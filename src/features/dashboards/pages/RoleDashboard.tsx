import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Avatar } from '../../../ui/Avatar';
import { useDashboardWidgets } from '../widgets';
import { Card, DashboardLoading, greeting, roleLabel, tenantLabel } from './parts';

export interface RoleDashboardProps {
  /** The panel's name in the browser title, e.g. 'Driver'. */
  panelTitle: string;
  /** One line under the greeting: what this panel is for. */
  intro: string;
  /** The panel's own work under the greeting (e.g. the customer's deliveries), composed in src/app. */
  children?: ReactNode;
}

/** The dashboards of the dispatcher, driver and customer panels: who you are, where, and what is new. */
export function RoleDashboard({ panelTitle, intro, children }: RoleDashboardProps) {
  const { status, user } = useSession();
  const { notifications } = useDashboardWidgets();
  useDocumentTitle(`${panelTitle} dashboard | ${user ? tenantLabel(user) : 'Waypost'}`);
  if (status === 'loading' || !user) return <DashboardLoading />;
  const name = user.profile?.full_name ?? user.email ?? 'Unnamed User';
  const tenantId = tenantIdOf(user);

  return (
    <div className="space-y-6">
      <Card>
        <div className="flex items-center gap-4">
          <Avatar name={name} src={user.profile?.avatar_url} size="lg" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight">
              {greeting()}, {name}
            </h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</p>
          </div>
        </div>
        <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
          <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-slate-600 dark:text-slate-400">Role</dt>
            <dd className="mt-0.5 font-semibold" data-testid="dashboard-role">
              {roleLabel(user)}
            </dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-slate-600 dark:text-slate-400">Business</dt>
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
