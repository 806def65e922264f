import { useState } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { SIGN_IN_PATH } from '../../../lib/paths';
import { Form, SubmitButton, TextField } from '../../../ui/form';
import { signUp } from '../api';
import { SignUpSchema, type SignUpInput } from '../schema';
import { knownText, useAuthForm } from '../use-form';
import { useT } from '../../../lib/i18n/catalogue';
import { authMessages } from '../messages';
import { CheckEmail } from './CheckEmail';
import { FormAlert } from './FormAlert';

/** /{slug}/sign-up: a visitor becomes a customer of the tenant in the URL. */
export function SignUpPage({ tenantSlug, tenantName }: { tenantSlug: string; tenantName?: string | null }) {
  const t = useT(authMessages);
  useDocumentTitle(t('signUp.documentTitle'));
  const form = useAuthForm(SignUpSchema, { firstName: '', lastName: '', email: '', phone: '', password: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;

  async function submit(data: SignUpInput) {
    const { error } = await signUp(tenantSlug, data);
    if (error) setServerError(error);
    else setSentTo(data.email);
  }

  if (sentTo) return <CheckEmail email={sentTo}>{t('signUp.sent')}</CheckEmail>;

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{t('signUp.title')}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {tenantName ? t('signUp.joinTenant', { tenant: tenantName }) : t('signUp.join')} {t('signUp.confirmHint')}
      </p>
      <Form form={form} onSubmit={submit} onSubmitCapture={() => setServerError(null)} className="mt-6 space-y-5">
        <FormAlert>{knownText(t, serverError)}</FormAlert>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="firstName" label={t('field.firstName')} autoComplete="given-name" required autoFocus disabled={submitting} />
          <TextField name="lastName" label={t('field.lastName')} autoComplete="family-name" required disabled={submitting} />
        </div>
        <TextField name="email" label={t('field.email')} type="email" autoComplete="email" inputMode="email" required disabled={submitting} />
        <TextField name="phone" label={t('field.phone')} type="tel" autoComplete="tel" inputMode="tel" required disabled={submitting} />
        <TextField name="password" label={t('field.password')} type="password" autoComplete="new-password" required disabled={submitting} />
        <p className="-mt-3 text-xs text-slate-500 dark:text-slate-400">{t('field.passwordRules')}</p>
        <SubmitButton className="w-full">{submitting ? t('signUp.submitting') : t('signUp.submit')}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('signUp.haveAccount')}{' '}
        <Link href={SIGN_IN_PATH} className="font-medium text-brand hover:underline">
          {t('signUp.signIn')}
        </Link>
      </p>
    </>
  );
}
