import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClassName } from '../../ui/Button';
import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';

/** 'Go to home' from an error page: an absolute path (outside any nested route). */
export function HomeLink({ href, className = '' }: { href: string; className?: string }) {
  const t = useT(appMessages);
  return (
    <Link href={`~${href}`} className={`${buttonClassName('primary')} ${className}`}>
      {t('goHome')}
    </Link>
  );
}

/** The body of the 403, 404 and 500 pages: the status code, its title and message, then its actions. */
export function StatusPage({ code, title, message, children }: { code: number; title: string; message: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="py-16 text-center" aria-labelledby={titleId}>
      <p className="text-sm font-semibold text-brand">{code}</p>
      <h1 id={titleId} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mx-auto mt-4 max-w-md text-slate-600 dark:text-slate-400">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
