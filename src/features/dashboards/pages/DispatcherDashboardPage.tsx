import { Link } from 'wouter';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useDashboardWidgets } from '../widgets';
import { Card } from './parts';
import { RoleDashboard } from './RoleDashboard';

export function DispatcherDashboardPage() {
  const { user } = useSession();
  const { quote } = useDashboardWidgets();
  const tenantId = tenantIdOf(user);
  return (
    <div className="space-y-6">
      <RoleDashboard panel="dispatcher" />
      <Card title="Cash remittance">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Cash on delivery your drivers collected, remitted and still hold; record what they hand over.</p>
        <Link href="/remit" className="mt-3 inline-block text-sm font-medium text-brand underline-offset-2 hover:underline">
          Open remit
        </Link>
      </Card>
      {tenantId && quote?.({ tenantId })}
    </div>
  );
}

export default DispatcherDashboardPage;
