import { createContext, use, type ReactNode } from 'react';

/**
 * What the dashboards show from other domains (the brand's logo, the user's notifications):
 * features do not import each other, so the panel layouts in src/app provide these.
 */
export interface DashboardWidgets {
  logo?: ReactNode;
  notifications?: (ids: { tenantId: string; userId: string }) => ReactNode;
  /** The dispatcher's 'Try a quote' (pricing): what a route costs before a delivery is made. */
  quote?: (ids: { tenantId: string }) => ReactNode;
}

const DashboardWidgetsContext = createContext<DashboardWidgets>({});

export function DashboardWidgetsProvider({ value, children }: { value: DashboardWidgets; children: ReactNode }) {
  return <DashboardWidgetsContext value={value}>{children}</DashboardWidgetsContext>;
}

export function useDashboardWidgets(): DashboardWidgets {
  return use(DashboardWidgetsContext);
}
