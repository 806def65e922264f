import type { ReactNode } from 'react';
import { ChatInboxButton } from '../../features/chat/ChatInboxButton';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { useT } from '../../lib/i18n/catalogue';
import { navMessages } from '../../lib/nav/messages';
import { panelPath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { SettingsButton } from '../settings/SettingsButton';
import { AccountDrawer } from './AccountDrawer';
import { PanelWidgets } from './dashboard-widgets';
import { DashboardShell } from './DashboardShell';
import { ADMIN_NAV, groupNav } from './nav';

/** The admin panel: navigation to every admin area that exists, grouped; notifications, settings and account. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const t = useT(navMessages);
  const { user } = useSession();
  const slug = user?.tenant?.slug;
  const nav = slug ? groupNav(ADMIN_NAV, panelPath(slug, 'admin'), t) : [];
  return (
    <DashboardShell
      nav={nav}
      headerActions={
        <>
          <ChatInboxButton />
          <NotificationsBell />
          <SettingsButton />
          <AccountDrawer languageChoice />
        </>
      }
    >
      <PanelWidgets>{children}</PanelWidgets>
    </DashboardShell>
  );
}
