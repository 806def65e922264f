import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useDashboardWidgets } from '../widgets';
import { RoleDashboard } from './RoleDashboard';

export function DispatcherDashboardPage() {
  const { user } = useSession();
  const { quote } = useDashboardWidgets();
  const tenantId = tenantIdOf(user);
  return (
    <div className="space-y-6">
      <RoleDashboard panelTitle="Dispatcher" intro="Plan the day's pickups and deliveries and keep your drivers moving." />
      {tenantId && quote?.({ tenantId })}
    </div>
  );
}

export default DispatcherDashboardPage;
