import { Link } from 'wouter';
import { SIGN_IN_PATH } from '../../../lib/paths';
import { buttonClassName } from '../../../ui/Button';
import { useT } from '../../../lib/i18n/catalogue';
import { authMessages } from '../messages';

/** The 'check your email' state after a form that mails a link. */
export function CheckEmail({ email, children }: { email: string; children: string }) {
  const t = useT(authMessages);
  return (
    <div role="status">
      <h1 className="text-2xl font-bold tracking-tight">{t('check.title')}</h1>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        {t.rich('check.sent', { email, b: (chunks) => <strong className="font-semibold break-all text-slate-900 dark:text-slate-100">{chunks}</strong> })} {children}
      </p>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('check.spam')}</p>
      <Link href={SIGN_IN_PATH} className={`${buttonClassName('secondary')} mt-6 w-full`}>
        {t('link.backToSignIn')}
      </Link>
    </div>
  );
}
