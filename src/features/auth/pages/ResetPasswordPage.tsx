import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { SIGN_IN_PATH } from '../../../lib/paths';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { requestPasswordReset } from '../api';
import { ResetPasswordSchema } from '../schema';
import { useAuthForm } from '../use-form';
import { CheckEmail } from './CheckEmail';
import { focusField, FormAlert } from './FormAlert';

/** /reset-password: mails a link that opens /update-password. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password | Waypost');
  const form = useAuthForm(ResetPasswordSchema, { email: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    setServerError(null);
    const checked = form.validate();
    if ('invalid' in checked) {
      focusField(target, checked.invalid);
      return;
    }
    setSubmitting(true);
    const { error } = await requestPasswordReset(checked.data);
    setSubmitting(false);
    if (error) setServerError(error);
    else setSentTo(checked.data.email);
  }

  if (sentTo) return <CheckEmail email={sentTo}>If it belongs to an account, the email has a link to choose a new password.</CheckEmail>;

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Enter the email of your account and we will send you a link to reset your password.</p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-busy={submitting}>
        <FormAlert>{serverError}</FormAlert>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" required autoFocus disabled={submitting} {...form.field('email')} />
        <Button type="submit" busy={submitting} className="w-full">
          {submitting ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link href={SIGN_IN_PATH} className="font-medium text-brand hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
