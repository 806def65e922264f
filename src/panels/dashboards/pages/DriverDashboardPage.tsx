import { RoleDashboard } from './RoleDashboard';

export function DriverDashboardPage() {
  return <RoleDashboard panel="driver" />;
}

export default DriverDashboardPage;
