import type { User } from '@supabase/supabase-js';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button } from '../../../ui/Button';
import { signOut } from '../api';

export function AccountPage({ user }: { user: User }) {
  useDocumentTitle('Account | Waypost');
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function leave() {
    setError(null);
    setSigningOut(true);
    const result = await signOut();
    // On success the session ends and the route guard returns to sign-in.
    if (result.error) {
      setError(result.error);
      setSigningOut(false);
    }
  }

  return (
    <section aria-labelledby="account-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h1 id="account-title" className="text-2xl font-bold tracking-tight">
        Your account
      </h1>
      <dl className="mt-4 text-sm">
        <dt className="font-medium text-slate-600 dark:text-slate-400">Signed in as</dt>
        <dd className="mt-1 text-base font-semibold break-all" data-testid="account-email">
          {user.email ?? user.phone ?? user.id}
        </dd>
      </dl>
      {error && (
        <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button variant="secondary" className="mt-6" busy={signingOut} onClick={leave}>
        {signingOut ? 'Signing out…' : 'Sign out'}
      </Button>
    </section>
  );
}
