import { useState } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { SIGN_IN_PATH } from '../../../lib/paths';
import { Form, SubmitButton, TextField } from '../../../ui/form';
import { signUp } from '../api';
import { SignUpSchema, type SignUpInput } from '../schema';
import { useAuthForm } from '../use-form';
import { CheckEmail } from './CheckEmail';
import { FormAlert } from './FormAlert';

/** /{slug}/sign-up: a visitor becomes a customer of the tenant in the URL. */
export function SignUpPage({ tenantSlug, tenantName }: { tenantSlug: string; tenantName?: string | null }) {
  useDocumentTitle('Sign up | Waypost');
  const form = useAuthForm(SignUpSchema, { firstName: '', lastName: '', email: '', phone: '', password: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;

  async function submit(data: SignUpInput) {
    const { error } = await signUp(tenantSlug, data);
    if (error) setServerError(error);
    else setSentTo(data.email);
  }

  if (sentTo) return <CheckEmail email={sentTo}>Open the link in it to confirm your account; it signs you in.</CheckEmail>;

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Create your account</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {tenantName ? `Join ${tenantName} as a customer.` : 'Join as a customer.'} We will email you a link to confirm your address.
      </p>
      <Form form={form} onSubmit={submit} onSubmitCapture={() => setServerError(null)} className="mt-6 space-y-5">
        <FormAlert>{serverError}</FormAlert>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="firstName" label="First name" autoComplete="given-name" required autoFocus disabled={submitting} />
          <TextField name="lastName" label="Last name" autoComplete="family-name" required disabled={submitting} />
        </div>
        <TextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" required disabled={submitting} />
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" required disabled={submitting} />
        <TextField name="password" label="Password" type="password" autoComplete="new-password" required disabled={submitting} />
        <p className="-mt-3 text-xs text-slate-500 dark:text-slate-400">At least 8 characters, with a lowercase letter, an uppercase letter and a digit.</p>
        <SubmitButton className="w-full">{submitting ? 'Creating your account…' : 'Sign up'}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link href={SIGN_IN_PATH} className="font-medium text-brand hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
