import type { ReactNode } from 'react';
import { RoleDashboard } from './RoleDashboard';

/** The customer's single dashboard: who they are, then their deliveries (`children`, composed in src/app), then news. */
export function CustomerDashboardPage({ children }: { children?: ReactNode }) {
  return (
    <RoleDashboard panel="customer">
      {children}
    </RoleDashboard>
  );
}

export default CustomerDashboardPage;
