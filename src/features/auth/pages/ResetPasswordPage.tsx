import { useState } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { SIGN_IN_PATH } from '../../../lib/paths';
import { Form, SubmitButton, TextField } from '../../../ui/form';
import { requestPasswordReset } from '../api';
import { ResetPasswordSchema, type ResetPasswordInput } from '../schema';
import { useAuthForm } from '../use-form';
import { CheckEmail } from './CheckEmail';
import { FormAlert } from './FormAlert';

/** /reset-password: mails a link that opens /update-password. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password | Waypost');
  const form = useAuthForm(ResetPasswordSchema, { email: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;

  async function submit(data: ResetPasswordInput) {
    const { error } = await requestPasswordReset(data);
    if (error) setServerError(error);
    else setSentTo(data.email);
  }

  if (sentTo) return <CheckEmail email={sentTo}>If it belongs to an account, the email has a link to choose a new password.</CheckEmail>;

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Enter the email of your account and we will send you a link to reset your password.</p>
      <Form form={form} onSubmit={submit} onSubmitCapture={() => setServerError(null)} className="mt-6 space-y-5">
        <FormAlert>{serverError}</FormAlert>
        <TextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" required autoFocus disabled={submitting} />
        <SubmitButton className="w-full">{submitting ? 'Sending…' : 'Send reset link'}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link href={SIGN_IN_PATH} className="font-medium text-brand hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
