import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n/catalogue';
import { ROOT_PATH, SIGN_IN_PATH } from '../../lib/paths';
import { buttonClassName } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import { IconButton } from '../../ui/IconButton';
import { FacebookIcon, HomeIcon, InstagramIcon, LinkedinIcon, MenuIcon, TwitterIcon } from '../../ui/icons';
import { appMessages } from '../messages';
import { SettingsButton } from '../settings/SettingsButton';
import { Logo } from './Logo';
import { isNavItemActive } from './nav';
import { usePathname } from './use-pathname';

const NAV = [{ label: 'layout.home', href: ROOT_PATH, exact: true }] as const;

const SOCIAL = [
  { label: 'Twitter', icon: TwitterIcon },
  { label: 'Facebook', icon: FacebookIcon },
  { label: 'Instagram', icon: InstagramIcon },
  { label: 'LinkedIn', icon: LinkedinIcon },
] as const;

const linkClass = 'rounded-md text-sm text-slate-600 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand dark:text-slate-400';

function ShortFooter() {
  const t = useT(appMessages);
  return (
    <footer className="border-t border-slate-200 py-6 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400" data-testid="footer-short">
      <Logo showName={false} />
      <p className="mt-2">{t('layout.rights')}</p>
    </footer>
  );
}

function FullFooter() {
  const t = useT(appMessages);
  return (
    <footer className="border-t border-slate-200 bg-brand-card dark:border-slate-800 dark:bg-slate-900" data-testid="footer-full">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-slate-600 dark:text-slate-400">{t('layout.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-xs font-semibold tracking-wide uppercase">
            {t('layout.legal')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href="#" className={linkClass}>
                {t('layout.terms')}
              </a>
            </li>
            <li>
              <a href="#" className={linkClass}>
                {t('layout.privacy')}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-xs font-semibold tracking-wide uppercase">{t('layout.contact')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href="#" className={linkClass}>
                {t('layout.contactUs')}
              </a>
            </li>
          </ul>
          <ul className="mt-4 flex gap-1" aria-label={t('layout.social')}>
            {SOCIAL.map(({ label, icon: Icon }) => (
              <li key={label}>
                <a href="#" aria-label={label} title={label} className="inline-flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand dark:text-slate-400 dark:hover:bg-slate-800">
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">{t('layout.rights')}</p>
    </footer>
  );
}

/** Public pages (the main layout). The header's info alert stays hidden. */
export function MainLayout({ children }: { children: ReactNode }) {
  const t = useT(appMessages);
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const isHome = pathname === ROOT_PATH;

  const navLinks = (vertical: boolean) =>
    NAV.map((item) => {
      const active = isNavItemActive(item, pathname);
      return (
        <li key={item.href}>
          <Link
            href={`~${item.href}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => setMenuOpen(false)}
            className={
              `flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand ` +
              (active ? 'text-brand' : 'text-slate-700 hover:text-brand dark:text-slate-300') +
              (vertical ? ' w-full' : '')
            }
          >
            {vertical && <HomeIcon />}
            {t(item.label)}
          </Link>
        </li>
      );
    });

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-brand-card/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <IconButton label={t('layout.openMenu')} className="md:hidden" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <MenuIcon />
          </IconButton>
          <Link href={`~${ROOT_PATH}`} className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand" aria-label={t('layout.home')}>
            <Logo />
          </Link>
          <nav aria-label={t('shell.mainNavigation')} className="ml-6 hidden md:block">
            <ul className="flex items-center gap-1">{navLinks(false)}</ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <SettingsButton />
            <Link href={`~${SIGN_IN_PATH}`} className={buttonClassName('primary')}>
              {t('layout.signIn')}
            </Link>
          </div>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      {isHome ? <ShortFooter /> : <FullFooter />}
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={t('layout.menu')} side="left">
        <nav aria-label={t('shell.mainNavigation')}>
          <ul className="space-y-1">{navLinks(true)}</ul>
        </nav>
      </Drawer>
    </div>
  );
}
