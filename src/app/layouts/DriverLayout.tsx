import type { ReactNode } from 'react';
import { ChatInboxButton } from '../../features/chat/ChatInboxButton';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { panelPath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { DashboardIcon } from '../../ui/icons';
import { SettingsButton } from '../settings/SettingsButton';
import { AccountDrawer } from './AccountDrawer';
import { PanelWidgets } from './dashboard-widgets';
import { DashboardShell } from './DashboardShell';
import { HeaderSearch } from './HeaderSearch';
import { LanguagePopover } from './LanguagePopover';
import type { NavGroup } from './nav';
import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';

/** Drivers' panel, and customers' (customers reuse the driver layout): a single Dashboard item. */
export function DriverLayout({ children }: { children: ReactNode }) {
  const t = useT(appMessages);
  const { user } = useSession();
  const slug = user?.tenant?.slug;
  const panel = user?.profile?.panel_type === 'customer' ? 'customer' : 'driver';
  const nav: NavGroup[] = slug
    ? [{ id: 'overview', label: null, items: [{ label: t('nav.dashboard'), href: panelPath(slug, panel), icon: DashboardIcon, exact: true }] }]
    : [];
  return (
    <DashboardShell
      nav={nav}
      headerStart={<HeaderSearch items={nav.flatMap((group) => group.items)} />}
      headerActions={
        <>
          <LanguagePopover />
          <ChatInboxButton />
          <NotificationsBell />
          <SettingsButton />
          <AccountDrawer />
        </>
      }
    >
      <PanelWidgets>{children}</PanelWidgets>
    </DashboardShell>
  );
}
