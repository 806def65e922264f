import { Link } from 'wouter';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

export interface Crumb {
  label: string;
  /** Omit for the current page (the last crumb). */
  href?: string;
}

/** Where the page sits: links up the hierarchy, the last item is the current page. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const t = useT(uiMessages);
  return (
    <nav aria-label={t('breadcrumb')}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-500 dark:text-slate-400">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className="inline-flex items-center gap-1.5">
              {item.href && !last ? (
                <Link href={item.href} className="hover:text-slate-900 hover:underline dark:hover:text-slate-100">
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-slate-900 dark:text-slate-100' : undefined}>
                  {item.label}
                </span>
              )}
              {!last && (
                <span aria-hidden="true" className="text-slate-300 dark:text-slate-600">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
