import { Link } from 'wouter';
import { useT } from '../../../lib/i18n/catalogue';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { dashboardMessages } from '../messages';
import { useDashboardWidgets } from '../widgets';
import { Card } from './parts';
import { RoleDashboard } from './RoleDashboard';

export function DispatcherDashboardPage() {
  const t = useT(dashboardMessages);
  const { user } = useSession();
  const { quote } = useDashboardWidgets();
  const tenantId = tenantIdOf(user);
  return (
    <div className="space-y-6">
      <RoleDashboard panel="dispatcher" />
      <Card title={t('cash.title')}>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('cash.intro')}</p>
        <Link href="/remit" className="mt-3 inline-block text-sm font-medium text-brand underline-offset-2 hover:underline">
          {t('cash.open')}
        </Link>
      </Card>
      {tenantId && quote?.({ tenantId })}
    </div>
  );
}

export default DispatcherDashboardPage;
