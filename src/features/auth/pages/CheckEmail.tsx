import { Link } from 'wouter';
import { SIGN_IN_PATH } from '../../../lib/paths';
import { buttonClassName } from '../../../ui/Button';

/** The 'check your email' state after a form that mails a link. */
export function CheckEmail({ email, children }: { email: string; children: string }) {
  return (
    <div role="status">
      <h1 className="text-2xl font-bold tracking-tight">Check your email</h1>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        We sent an email to <strong className="font-semibold break-all text-slate-900 dark:text-slate-100">{email}</strong>. {children}
      </p>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Nothing there? Look in your spam folder, or try again in a minute.</p>
      <Link href={SIGN_IN_PATH} className={`${buttonClassName('secondary')} mt-6 w-full`}>
        Back to sign in
      </Link>
    </div>
  );
}
