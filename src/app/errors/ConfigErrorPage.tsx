import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';

/** Shown instead of the app when its build-time configuration is invalid, so the fix is on screen rather than in the console. */
export function ConfigErrorPage({ problems }: { problems: string[] }) {
  const t = useT(appMessages);
  return (
    <main role="alert" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">{t('config.title')}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t('config.intro')}</p>
      <ul className="mt-4 list-disc space-y-1 pl-6 font-mono text-sm text-red-700 dark:text-red-300">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        {t.rich('config.fix', {
          url: () => <code className="font-mono">VITE_SUPABASE_URL</code>,
          key: () => <code className="font-mono">VITE_SUPABASE_ANON_KEY</code>,
        })}
      </p>
    </main>
  );
}
