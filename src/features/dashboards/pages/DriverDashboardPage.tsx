import { RoleDashboard } from './RoleDashboard';

export function DriverDashboardPage() {
  return <RoleDashboard panelTitle="Driver" intro="Your assignments and updates from dispatch appear here." />;
}

export default DriverDashboardPage;
