import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/document-title';
import { Button, buttonClassName } from '../../ui/Button';

export const SERVER_ERROR_TITLE = 'Internal server error';
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment; if it keeps happening, contact your administrator.';

/** The 500 page (its texts are not in the spec). */
export function ServerErrorPage({ homeHref = '/dashboard' }: { homeHref?: string }) {
  useDocumentTitle('500 Internal server error | Error');
  return (
    <section className="py-16 text-center" aria-labelledby="server-error-title">
      <p className="text-sm font-semibold text-brand">500</p>
      <h1 id="server-error-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {SERVER_ERROR_TITLE}
      </h1>
      <p className="mx-auto mt-4 max-w-md text-slate-600 dark:text-slate-400">{SERVER_ERROR_MESSAGE}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Try again
        </Button>
        <Link href={`~${homeHref}`} className={buttonClassName('primary')}>
          Go to home
        </Link>
      </div>
    </section>
  );
}
