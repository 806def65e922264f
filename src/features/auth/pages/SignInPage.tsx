import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { firstErrorPerField, type FieldErrors } from '../../../lib/form-errors';
import { BUSINESSES_PATH, RESET_PASSWORD_PATH } from '../../../lib/paths';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { signInWithPassword } from '../api';
import { SignInSchema, type SignInInput } from '../schema';
import { readSignInNotice } from '../sign-in-notice';

const linkClass = 'font-medium text-brand hover:underline';

export function SignInPage() {
  useDocumentTitle('Sign in | Waypost');
  const [values, setValues] = useState<SignInInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<SignInInput>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [notice] = useState(readSignInNotice);

  // After a refused sign-in, put the user back on the password, ready to retype it. The fields are
  // re-enabled in the same render that shows the error, so this cannot run before they accept focus.
  useEffect(() => {
    if (serverError) passwordRef.current?.select();
  }, [serverError]);

  function change(field: keyof SignInInput) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = SignInSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = firstErrorPerField(parsed.error);
      setErrors(fieldErrors);
      (fieldErrors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    const { error } = await signInWithPassword(parsed.data);
    // On success the session changes and the guest guard moves on to the signed-in home.
    if (error) {
      setServerError(error);
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Sign in to Waypost</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Use the email and password of your account.</p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-busy={submitting}>
        {notice && !serverError && (
          <div
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
          >
            {notice}
          </div>
        )}
        {serverError && (
          <div
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {serverError}
          </div>
        )}
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          autoFocus
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          disabled={submitting}
        />
        <TextField
          ref={passwordRef}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          disabled={submitting}
        />
        <div className="-mt-2 flex justify-end">
          <Link href={RESET_PASSWORD_PATH} className={`text-sm ${linkClass}`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" busy={submitting} className="w-full">
          {submitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        New here?{' '}
        <Link href={BUSINESSES_PATH} className={linkClass}>
          Find your business to create an account
        </Link>
      </p>
    </>
  );
}
