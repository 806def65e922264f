import { Link, useRouter } from 'wouter';
import { useT } from '../../lib/i18n/catalogue';
import { navMessages, type NavLabel } from '../../lib/nav/messages';
import type { ScreenAudience } from '../../lib/screens';
import { useSession } from '../../lib/session';
import { useFloorStanding } from '../floor-standing';
import { screenAudience } from '../guards';
import { navPath, screensOf } from '../screens';
import { appMessages } from '../messages';
import { english, isNavItemActive } from './nav';
import { usePathname } from './use-pathname';

/** The dispatcher's areas, relative to /{slug}/dispatcher: the layout has no sidebar, so they are a bar under the header; the screens that declare a nav entry (src/app/screens.ts), in its order. */
export const DISPATCHER_NAV: readonly { label: string; labelKey: NavLabel; path: string; audience?: ScreenAudience }[] = screensOf('dispatcher').flatMap((screen) =>
  screen.nav ? [{ label: english(screen.nav.label), labelKey: screen.nav.label, path: navPath(screen), audience: screen.audience }] : [],
);

const itemBase =
  'inline-flex shrink-0 items-center rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
const itemIdle = 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const itemActive = 'bg-brand/10 font-semibold text-brand';

export function DispatcherNav() {
  const t = useT(navMessages);
  const tApp = useT(appMessages);
  const pathname = usePathname();
  const { base } = useRouter();
  const { user } = useSession();
  const standing = useFloorStanding();
  // Only the areas this person may open (warehouse-only people: their section and their profile).
  const items = DISPATCHER_NAV.filter((item) => screenAudience(user, item.audience, standing).kind === 'render');
  return (
    <nav aria-label={tApp('panel.name', { panel: 'dispatcher' })} className="relative overflow-x-auto px-2 pb-2 sm:px-4">
      <ul className="flex items-center gap-1">
        {items.map((item) => {
          const href = `${base}${item.path}`;
          const active = isNavItemActive({ href, exact: item.path === '' }, pathname);
          return (
            <li key={item.path}>
              <Link href={`~${href}`} aria-current={active ? 'page' : undefined} className={`${itemBase} ${active ? itemActive : itemIdle}`}>
                {t(item.labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
