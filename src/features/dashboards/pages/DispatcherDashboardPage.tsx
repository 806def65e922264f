import { RoleDashboard } from './RoleDashboard';

export function DispatcherDashboardPage() {
  return <RoleDashboard panelTitle="Dispatcher" intro="Plan the day's pickups and deliveries and keep your drivers moving." />;
}

export default DispatcherDashboardPage;
