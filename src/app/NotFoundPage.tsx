import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/document-title';
import { buttonClassName } from '../ui/Button';
import { SimpleLayout } from './layouts/SimpleLayout';
import { DASHBOARD_PATH } from './paths';

export function NotFoundPage() {
  useDocumentTitle('404 page not found! | Error');
  return (
    <SimpleLayout>
      <div className="py-16 text-center">
        <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Sorry, page not found!</h1>
        <p className="mx-auto mt-4 max-w-md text-slate-600 dark:text-slate-400">
          Sorry, we couldn’t find the page you’re looking for. Perhaps you’ve mistyped the URL? Be sure to check your spelling.
        </p>
        <Link href={DASHBOARD_PATH} className={`${buttonClassName('primary')} mt-8`}>
          Go to home
        </Link>
      </div>
    </SimpleLayout>
  );
}
