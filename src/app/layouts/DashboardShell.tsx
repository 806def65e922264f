import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Drawer } from '../../ui/Drawer';
import { IconButton } from '../../ui/IconButton';
import { MenuIcon } from '../../ui/icons';
import { settingsAtom } from '../settings/settings';
import { Logo } from './Logo';
import type { NavGroup } from './nav';
import { NavList } from './NavList';
import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';

export interface DashboardShellProps {
  nav: NavGroup[];
  /** Left of the header actions (a search bar). */
  headerStart?: ReactNode;
  /** The header's buttons (notifications, language, settings, account). */
  headerActions: ReactNode;
  children: ReactNode;
}

/**
 * The panel frame with the navigation the settings choose: vertical (300 px),
 * mini (88 px) or horizontal (a 64 px bar under the header). Below the lg breakpoint the
 * navigation moves into a drawer behind the menu button. Compact limits content to 448 px.
 */
export function DashboardShell({ nav, headerStart, headerActions, children }: DashboardShellProps) {
  const t = useT(appMessages);
  const { navLayout, compact } = useAtomValue(settingsAtom);
  const [mobileOpen, setMobileOpen] = useState(false);
  const side = navLayout !== 'horizontal';

  return (
    <div className="min-h-dvh" data-testid="dashboard-shell" data-nav-layout={navLayout} data-compact={compact}>
      <a href="#main-content" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-brand focus:px-4 focus:py-2 focus:text-brand-contrast">
        {t('shell.skip')}
      </a>
      {side && (
        <aside
          className={
            'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-200 bg-brand-card lg:flex dark:border-slate-800 dark:bg-slate-900 ' +
            (navLayout === 'mini' ? 'w-[88px]' : 'w-[300px]')
          }
          data-testid="side-nav"
        >
          <div className={`flex h-16 shrink-0 items-center ${navLayout === 'mini' ? 'justify-center' : 'px-5'}`}>
            <Logo showName={navLayout !== 'mini'} />
          </div>
          <nav aria-label={t('shell.mainNavigation')} className={`flex-1 overflow-y-auto pb-6 ${navLayout === 'mini' ? 'px-2' : 'px-4'}`}>
            <NavList groups={nav} layout={navLayout} />
          </nav>
        </aside>
      )}

      <div className={side ? (navLayout === 'mini' ? 'lg:pl-[88px]' : 'lg:pl-[300px]') : ''}>
        <header className="sticky top-0 z-20 border-b border-slate-200 bg-brand-card/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
          <div className="flex h-16 items-center gap-2 px-4 sm:px-6">
            <IconButton label={t('shell.openNavigation')} className="lg:hidden" aria-haspopup="dialog" aria-expanded={mobileOpen} onClick={() => setMobileOpen(true)}>
              <MenuIcon />
            </IconButton>
            {!side && (
              <span className="hidden lg:inline-flex">
                <Logo />
              </span>
            )}
            <div className="flex min-w-0 flex-1 items-center">{headerStart}</div>
            <div className="flex items-center gap-1">{headerActions}</div>
          </div>
          {!side && (
            <nav aria-label={t('shell.mainNavigation')} className="hidden h-16 items-center border-t border-slate-200 px-4 sm:px-6 lg:flex dark:border-slate-800" data-testid="top-nav">
              <NavList groups={nav} layout="horizontal" />
            </nav>
          )}
        </header>

        <main id="main-content" tabIndex={-1} className="px-4 py-8 focus:outline-none sm:px-6">
          <div className={compact ? 'mx-auto w-full max-w-[448px]' : 'mx-auto w-full max-w-7xl'} data-testid="content">
            {children}
          </div>
        </main>
      </div>

      <Drawer open={mobileOpen} onClose={() => setMobileOpen(false)} title={t('shell.navigation')} side="left" widthClassName="w-[300px] max-w-[85vw]">
        <nav aria-label={t('shell.mainNavigation')}>
          <NavList groups={nav} layout="vertical" onNavigate={() => setMobileOpen(false)} />
        </nav>
      </Drawer>
    </div>
  );
}
