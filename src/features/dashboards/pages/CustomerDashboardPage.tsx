import { RoleDashboard } from './RoleDashboard';

export function CustomerDashboardPage() {
  return <RoleDashboard panelTitle="Customer" intro="Follow your orders and deliveries, and see what is new." />;
}

export default CustomerDashboardPage;
