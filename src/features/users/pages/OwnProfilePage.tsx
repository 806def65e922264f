import { useT } from '../../../lib/i18n/catalogue';
import { useSession } from '../../../lib/session';
import { PageHeader } from '../../../ui/PageHeader';
import { OwnProfileEditor } from '../components/OwnProfileEditor';
import { userMessages } from '../messages';

/** The signed-in person's own profile as a page (the dispatcher's /profile): the account drawer's profile editor, both sections shown. */
export function OwnProfilePage() {
  const t = useT(userMessages);
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <PageHeader title={t('profile.title')} breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('profile.title') }]} />
      {user?.email && <p className="text-sm text-slate-600 dark:text-slate-400">{t('profile.signedInAs', { email: user.email })}</p>}
      {user && <OwnProfileEditor key={user.id} user={user} stacked />}
    </div>
  );
}

export default OwnProfilePage;
