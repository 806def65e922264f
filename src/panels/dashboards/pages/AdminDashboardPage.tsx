import { useDocumentTitle } from '../../../lib/document-title';
import { PANEL_TYPES } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Skeleton } from '../../../ui/Skeleton';
import { useRecordLoad } from '../../../lib/use-record-load';
import { countUsersByPanel } from '../api';
import { useDashboardWidgets } from '../widgets';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { dashboardMessages } from '../messages';
import { Card, DashboardLoading, ErrorCard, greetingKey, tenantLabel } from './parts';

const PANEL_TITLES = { admin: 'people.admin', dispatcher: 'people.dispatcher', driver: 'people.driver', customer: 'people.customer' } as const;

/** The admin panel's index: the tenant, its people per panel, and the admin's notifications. */
export function AdminDashboardPage() {
  const t = useT(dashboardMessages);
  const format = useFormat();
  const { status, user } = useSession();
  const { logo, notifications } = useDashboardWidgets();
  const tenantId = tenantIdOf(user);
  const { state: counts, retry: retryCounts } = useRecordLoad(tenantId, () => countUsersByPanel(tenantId as string));
  useDocumentTitle(t('title.admin', { tenant: user ? tenantLabel(user) : 'Waypost' }));
  if (status === 'loading' || !user) return <DashboardLoading />;
  const name = user.profile?.full_name ?? user.email ?? t('unnamed');

  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-center gap-4">
          {logo}
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand" data-testid="dashboard-tenant">
              {tenantLabel(user)}
            </p>
            <h1 className="text-2xl font-bold tracking-tight">
              {t(greetingKey(), { name })}
            </h1>
          </div>
        </div>
      </Card>

      <section aria-labelledby="people-title" aria-busy={counts.status === 'loading'}>
        <h2 id="people-title" className="mb-3 text-base font-semibold">
          {t('people')}
        </h2>
        {counts.status === 'failed' ? (
          <ErrorCard message={t('people.failed')} onRetry={retryCounts} />
        ) : (
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {PANEL_TYPES.map((panel) => (
              <li key={panel}>
                <Card>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{t(PANEL_TITLES[panel])}</p>
                  {counts.status === 'ready' ? (
                    <p className="mt-1 text-3xl font-bold tabular-nums" data-testid={`count-${panel}`}>
                      {format.number(counts.record[panel])}
                    </p>
                  ) : (
                    <Skeleton className="mt-2 h-8 w-12" />
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      {tenantId && notifications?.({ tenantId, userId: user.id })}
    </div>
  );
}

export default AdminDashboardPage;
