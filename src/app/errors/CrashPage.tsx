import { Button } from '../../ui/Button';

/** The way out when the app itself fails: a render error or a script that did not load. */
export function CrashPage() {
  return (
    <main role="alert" className="grid min-h-dvh place-items-center px-4 text-center">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mx-auto mt-3 max-w-md text-slate-600 dark:text-slate-400">
          Waypost hit an unexpected error. Reloading the page usually fixes it.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    </main>
  );
}
