import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { BUSINESSES_PATH, RESET_PASSWORD_PATH } from '../../../lib/paths';
import { Form, SubmitButton, TextField } from '../../../ui/form';
import { signInWithPassword } from '../api';
import { SignInSchema, type SignInInput } from '../schema';
import { readSignInNotice } from '../sign-in-notice';
import { knownText, useAuthForm } from '../use-form';
import { useT } from '../../../lib/i18n/catalogue';
import { authMessages } from '../messages';
import { FormAlert } from './FormAlert';

const linkClass = 'font-medium text-brand hover:underline';

export function SignInPage() {
  const t = useT(authMessages);
  useDocumentTitle(t('signIn.documentTitle'));
  const form = useAuthForm(SignInSchema, { email: '', password: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  // Signed in: the session changes and the guest guard moves on; the form stays disabled meanwhile.
  const [signedIn, setSignedIn] = useState(false);
  const [notice] = useState(readSignInNotice);
  const submitting = form.formState.isSubmitting || signedIn;

  // After a refused sign-in, put the user back on the password, ready to retype it, once the
  // fields are enabled again (they accept no focus while disabled).
  useEffect(() => {
    if (serverError && !submitting) form.setFocus('password', { shouldSelect: true });
  }, [serverError, submitting, form]);

  async function submit(data: SignInInput) {
    const { error } = await signInWithPassword(data);
    if (error) setServerError(error);
    else setSignedIn(true);
  }

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{t('signIn.title')}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('signIn.intro')}</p>
      <Form form={form} onSubmit={submit} onSubmitCapture={() => setServerError(null)} className="mt-6 space-y-5">
        {notice && !serverError && (
          <div
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
          >
            {knownText(t, notice)}
          </div>
        )}
        <FormAlert>{knownText(t, serverError)}</FormAlert>
        <TextField name="email" label={t('field.email')} type="email" autoComplete="email" inputMode="email" required autoFocus disabled={submitting} />
        <TextField name="password" label={t('field.password')} type="password" autoComplete="current-password" required disabled={submitting} />
        <div className="-mt-2 flex justify-end">
          <Link href={RESET_PASSWORD_PATH} className={`text-sm ${linkClass}`}>
            {t('signIn.forgot')}
          </Link>
        </div>
        <SubmitButton className="w-full" busy={submitting}>
          {submitting ? t('signIn.submitting') : t('signIn.submit')}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('signIn.newHere')}{' '}
        <Link href={BUSINESSES_PATH} className={linkClass}>
          {t('signIn.findBusiness')}
        </Link>
      </p>
    </>
  );
}
