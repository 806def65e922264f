import { Link } from 'wouter';
import type { NavLayout } from '../settings/settings';
import { isNavItemActive, type NavGroup } from './nav';
import { usePathname } from './use-pathname';
import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';

const itemBase = 'flex items-center rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
const itemIdle = 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const itemActive = 'bg-brand/10 font-semibold text-brand';

/** The panel navigation, drawn for one layout: vertical (icons and labels), mini (icons over small labels) or horizontal. */
export function NavList({ groups, layout, onNavigate }: { groups: NavGroup[]; layout: NavLayout; onNavigate?: () => void }) {
  const t = useT(appMessages);
  const pathname = usePathname();
  const horizontal = layout === 'horizontal';
  return (
    <div className={horizontal ? 'flex items-center gap-4' : 'space-y-4'}>
      {groups.map((group) => (
        <div key={group.id} role="group" aria-label={group.label ?? t('nav.overview')} className={horizontal ? 'flex items-center gap-1' : ''}>
          {group.label && layout === 'vertical' && (
            <p aria-hidden="true" className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {group.label}
            </p>
          )}
          <ul className={horizontal ? 'flex items-center gap-1' : 'space-y-1'}>
            {group.items.map((item) => {
              const active = isNavItemActive(item, pathname);
              const Icon = item.icon;
              const shape =
                layout === 'mini' ? 'flex-col justify-center gap-1 px-1 py-2.5 text-[11px] text-center' : horizontal ? 'gap-2 px-3 py-2' : 'gap-3 px-3 py-2.5';
              return (
                <li key={item.href}>
                  <Link
                    href={`~${item.href}`}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                    className={`${itemBase} ${shape} ${active ? itemActive : itemIdle}`}
                  >
                    <Icon className={layout === 'mini' ? 'size-6' : 'size-5'} />
                    <span className={layout === 'mini' ? 'max-w-full truncate' : ''}>{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
