import { Link } from 'wouter';
import { RESET_PASSWORD_PATH, SIGN_IN_PATH } from '../../../lib/paths';
import { buttonClassName } from '../../../ui/Button';
import { useT } from '../../../lib/i18n/catalogue';
import { authMessages } from '../messages';

/** A mailed link that did not sign the user in: what the server said, and the ways out. */
export function LinkProblem({ title, detail }: { title: string; detail: string }) {
  const t = useT(authMessages);
  return (
    <div role="alert">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{detail}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Link href={SIGN_IN_PATH} className={buttonClassName('primary')}>
          {t('link.backToSignIn')}
        </Link>
        <Link href={RESET_PASSWORD_PATH} className={buttonClassName('secondary')}>
          {t('link.newReset')}
        </Link>
      </div>
    </div>
  );
}
