import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/document-title';
import { buttonClassName } from '../../ui/Button';

export const FORBIDDEN_TITLE = 'Permission denied';
export const FORBIDDEN_MESSAGE = 'You do not have permission to access this page.';

/** Spec section 6: a user on another role's area or another tenant's slug. `homeHref` defaults to the dashboard redirect. */
export function ForbiddenPage({ homeHref = '/dashboard' }: { homeHref?: string }) {
  useDocumentTitle('403 Permission denied | Error');
  return (
    <section className="py-16 text-center" aria-labelledby="forbidden-title">
      <p className="text-sm font-semibold text-brand">403</p>
      <h1 id="forbidden-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {FORBIDDEN_TITLE}
      </h1>
      <p className="mx-auto mt-4 max-w-md text-slate-600 dark:text-slate-400">{FORBIDDEN_MESSAGE}</p>
      <Link href={`~${homeHref}`} className={`${buttonClassName('primary')} mt-8`}>
        Go to home
      </Link>
    </section>
  );
}
