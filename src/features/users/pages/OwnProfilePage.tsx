import { useSession } from '../../../lib/session';
import { PageHeader } from '../../../ui/PageHeader';
import { OwnProfileEditor } from '../components/OwnProfileEditor';

/** The signed-in person's own profile as a page (the dispatcher's /profile): the account drawer's profile editor, both sections shown. */
export function OwnProfilePage() {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <PageHeader title="Profile" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Profile' }]} />
      {user?.email && <p className="text-sm text-slate-600 dark:text-slate-400">Signed in as {user.email}</p>}
      {user && <OwnProfileEditor key={user.id} user={user} stacked />}
    </div>
  );
}

export default OwnProfilePage;
