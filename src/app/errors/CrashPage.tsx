import { useT } from '../../lib/i18n/catalogue';
import { Button } from '../../ui/Button';
import { appMessages } from '../messages';

/** The way out when the app itself fails: a render error or a script that did not load. */
export function CrashPage() {
  const t = useT(appMessages);
  return (
    <main role="alert" className="grid min-h-dvh place-items-center px-4 text-center">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('error.title')}</h1>
        <p className="mx-auto mt-3 max-w-md text-slate-600 dark:text-slate-400">
          {t('crash.detail')}
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </Button>
      </div>
    </main>
  );
}
