import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { ChatInboxButton } from '../../features/chat/ChatInboxButton';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { SettingsButton } from '../settings/SettingsButton';
import { settingsAtom } from '../settings/settings';
import { AccountDrawer } from './AccountDrawer';
import { PanelWidgets } from './dashboard-widgets';
import { DispatcherNav } from './DispatcherNav';
import { Logo } from './Logo';

/** The dispatcher panel has no sidebar, only content under a slim header with the areas' links. */
export function DispatcherLayout({ children }: { children: ReactNode }) {
  const { compact } = useAtomValue(settingsAtom);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-brand-card/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
        {/* At 320 px the logo and the four actions just fit with narrower padding and gaps: the row never scrolls sideways. */}
        <div className="flex h-14 items-center justify-between gap-1.5 px-3 sm:gap-2 sm:px-6">
          <Logo />
          <div className="flex items-center gap-0.5 sm:gap-1">
            <ChatInboxButton />
            <NotificationsBell />
            <SettingsButton />
            <AccountDrawer languageChoice />
          </div>
        </div>
        <DispatcherNav />
      </header>
      <main className="flex-1 px-4 py-8 sm:px-6">
        <div className={compact ? 'mx-auto w-full max-w-[448px]' : 'mx-auto w-full max-w-7xl'} data-testid="content">
          <PanelWidgets>{children}</PanelWidgets>
        </div>
      </main>
    </div>
  );
}
