import { useState } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { SIGN_IN_PATH } from '../../../lib/paths';
import { Form, SubmitButton, TextField } from '../../../ui/form';
import { requestPasswordReset } from '../api';
import { ResetPasswordSchema, type ResetPasswordInput } from '../schema';
import { knownText, useAuthForm } from '../use-form';
import { useT } from '../../../lib/i18n/catalogue';
import { authMessages } from '../messages';
import { CheckEmail } from './CheckEmail';
import { FormAlert } from './FormAlert';

/** /reset-password: mails a link that opens /update-password. */
export function ResetPasswordPage() {
  const t = useT(authMessages);
  useDocumentTitle(t('reset.documentTitle'));
  const form = useAuthForm(ResetPasswordSchema, { email: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;

  async function submit(data: ResetPasswordInput) {
    const { error } = await requestPasswordReset(data);
    if (error) setServerError(error);
    else setSentTo(data.email);
  }

  if (sentTo) return <CheckEmail email={sentTo}>{t('reset.sent')}</CheckEmail>;

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{t('reset.title')}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('reset.intro')}</p>
      <Form form={form} onSubmit={submit} onSubmitCapture={() => setServerError(null)} className="mt-6 space-y-5">
        <FormAlert>{knownText(t, serverError)}</FormAlert>
        <TextField name="email" label={t('field.email')} type="email" autoComplete="email" inputMode="email" required autoFocus disabled={submitting} />
        <SubmitButton className="w-full">{submitting ? t('reset.submitting') : t('reset.submit')}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link href={SIGN_IN_PATH} className="font-medium text-brand hover:underline">
          {t('link.backToSignIn')}
        </Link>
      </p>
    </>
  );
}
