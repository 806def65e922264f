import type { ReactNode } from 'react';
import { BrandLogo } from '../../features/brand/BrandLogo';
import { DashboardWidgetsProvider, type DashboardWidgets } from '../../features/dashboards/widgets';
import { RecentNotifications } from '../../features/notifications/RecentNotifications';

const WIDGETS: DashboardWidgets = {
  logo: <BrandLogo showName={false} />,
  notifications: ({ tenantId, userId }) => <RecentNotifications tenantId={tenantId} userId={userId} />,
};

/** Gives the dashboards the brand logo and the notifications card (features do not import each other). */
export function PanelWidgets({ children }: { children: ReactNode }) {
  return <DashboardWidgetsProvider value={WIDGETS}>{children}</DashboardWidgetsProvider>;
}
