import { lazy, Suspense, type ReactNode } from 'react';
import { BrandLogo } from '../../features/brand/BrandLogo';
import { DashboardWidgetsProvider, type DashboardWidgets } from '../../panels/dashboards/widgets';
import { RecentNotifications } from '../../features/notifications/RecentNotifications';

// The map and the lookups load with the dispatcher's dashboard, not with every panel.
const QuotePanel = lazy(async () => ({ default: (await import('../../features/pricing/components/QuotePanel')).QuotePanel }));

const WIDGETS: DashboardWidgets = {
  logo: <BrandLogo showName={false} />,
  notifications: ({ tenantId, userId }) => <RecentNotifications tenantId={tenantId} userId={userId} />,
  quote: ({ tenantId }) => (
    <Suspense fallback={null}>
      <QuotePanel tenantId={tenantId} />
    </Suspense>
  ),
};

/** Gives the dashboards the brand logo and the notifications card (features do not import each other). */
export function PanelWidgets({ children }: { children: ReactNode }) {
  return <DashboardWidgetsProvider value={WIDGETS}>{children}</DashboardWidgetsProvider>;
}
