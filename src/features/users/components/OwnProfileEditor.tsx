import { useState } from 'react';
import type { AppUser } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { FileField, Form, SubmitButton, TextField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { changeOwnPassword, getUser, updateOwnProfile, uploadAvatar } from '../api';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { useRecordLoad } from '../../../lib/use-record-load';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES, AVATAR_MESSAGES, ChangePasswordSchema, OwnProfileSchema, type ChangePasswordInput, type OwnProfileInput, type Person } from '../schema';

function ProfileForm({ user, person, onSaved }: { user: AppUser; person: Person; onSaved: () => void }) {
  const toast = useToast();
  const form = useZodForm(OwnProfileSchema, {
    defaultValues: {
      first_name: person.first_name ?? '',
      last_name: person.last_name ?? '',
      phone: person.phone ?? '',
      avatar_url: person.avatar_url,
    },
  });
  const tenantId = person.tenant_id;

  return (
    <Form
      form={form}
      aria-label="Profile"
      className="space-y-4"
      onSubmit={async (values) => {
        let avatarUrl = typeof values.avatar_url === 'string' ? values.avatar_url : null;
        if (values.avatar_url instanceof File) {
          try {
            avatarUrl = await uploadAvatar(tenantId, values.avatar_url);
          } catch (error) {
            form.setError('avatar_url', { type: 'server', message: error instanceof Error ? error.message : 'Error uploading file' });
            return;
          }
        }
        await updateOwnProfile(user.id, { first_name: values.first_name, last_name: values.last_name, phone: values.phone || null, avatar_url: avatarUrl });
        form.reset({ ...values, avatar_url: avatarUrl });
        toast.success('Profile updated');
        onSaved();
      }}
    >
      <FileField<OwnProfileInput, 'avatar_url'>
        name="avatar_url"
        label="Avatar"
        accept={AVATAR_EXTENSIONS}
        maxBytes={AVATAR_MAX_BYTES}
        messages={AVATAR_MESSAGES}
        help="jpeg, jpg, png or gif, up to 3 MB"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField<OwnProfileInput, 'first_name'> name="first_name" label="First name" autoComplete="given-name" required />
        <TextField<OwnProfileInput, 'last_name'> name="last_name" label="Last name" autoComplete="family-name" required />
      </div>
      <TextField<OwnProfileInput, 'phone'> name="phone" label="Phone" type="tel" autoComplete="tel" help="At least 10 digits" />
      <div className="flex justify-end">
        <SubmitButton>Save profile</SubmitButton>
      </div>
    </Form>
  );
}

function PasswordForm() {
  const toast = useToast();
  const form = useZodForm(ChangePasswordSchema, { defaultValues: { password: '', confirmPassword: '' } });
  return (
    <Form
      form={form}
      aria-label="Change password"
      className="space-y-4"
      onSubmit={async (values) => {
        try {
          await changeOwnPassword(values.password);
        } catch (error) {
          form.setError('password', { type: 'server', message: error instanceof Error ? error.message : 'Something went wrong!' });
          return;
        }
        form.reset({ password: '', confirmPassword: '' });
        toast.success('Password changed');
      }}
    >
      <TextField<ChangePasswordInput, 'password'> name="password" label="New password" type="password" autoComplete="new-password" required help="At least 8 characters, with a lowercase letter, an uppercase letter and a digit" />
      <TextField<ChangePasswordInput, 'confirmPassword'> name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" required />
      <div className="flex justify-end">
        <SubmitButton>Change password</SubmitButton>
      </div>
    </Form>
  );
}

type Load = { status: 'loading' } | { status: 'ready'; person: Person } | { status: 'failed'; message: string };

/** The person's own profile row (the session keeps only what guards need). */
function useOwnPerson(user: AppUser): [Load, () => void] {
  const tenantId = user.profile?.tenant_id ?? '';
  const { state, retry } = useRecordLoad(tenantId ? `${tenantId}/${user.id}` : null, () => getUser(tenantId, user.id));
  const load: Load =
    state.status === 'ready'
      ? { status: 'ready', person: state.record }
      : state.status === 'missing'
        ? { status: 'failed', message: 'Your profile could not be found' }
        : state.status === 'failed'
          ? { status: 'failed', message: state.error instanceof Error ? state.error.message : 'Something went wrong!' }
          : { status: 'loading' };
  return [load, retry];
}

/**
 * The signed-in person's own profile: their names, phone and avatar (uploaded through upload-file),
 * and a new password. Read fresh on mount. In the account drawer's dialog (a toggle between the two,
 * closing once saved) and on the panels' profile pages (`stacked`: both sections, one under the other).
 */
export function OwnProfileEditor({ user, onSaved, stacked = false }: { user: AppUser; onSaved?: () => void; stacked?: boolean }) {
  const [section, setSection] = useState<'profile' | 'password'>('profile');
  const [load, retry] = useOwnPerson(user);
  const details =
    load.status === 'ready' ? (
      <ProfileForm key={load.person.id} user={user} person={load.person} onSaved={onSaved ?? (() => undefined)} />
    ) : load.status === 'failed' ? (
      <ErrorState title="Could not load your profile" detail={load.message} onRetry={retry} />
    ) : (
      <div role="status" aria-busy="true" aria-label="Loading profile" className="space-y-3">
        <Skeleton className="h-16 w-16 rounded-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (stacked) {
    return (
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="own-profile-details" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="own-profile-details" className="mb-4 text-base font-semibold">
            Details
          </h2>
          {details}
        </section>
        <section aria-labelledby="own-profile-password" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="own-profile-password" className="mb-4 text-base font-semibold">
            Password
          </h2>
          <PasswordForm />
        </section>
      </div>
    );
  }
  return (
    <>
      <div role="group" aria-label="Profile sections" className="mb-4 flex gap-2">
        <Button variant={section === 'profile' ? 'primary' : 'secondary'} aria-pressed={section === 'profile'} onClick={() => setSection('profile')}>
          Details
        </Button>
        <Button variant={section === 'password' ? 'primary' : 'secondary'} aria-pressed={section === 'password'} onClick={() => setSection('password')}>
          Password
        </Button>
      </div>
      <div className="pb-5">{section === 'profile' ? details : <PasswordForm />}</div>
    </>
  );
}
