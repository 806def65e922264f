import type { ReactNode } from 'react';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { useParams } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Avatar } from '../../../ui/Avatar';
import { StatusChip } from '../../../ui/Chip';
import { Menu } from '../../../ui/Menu';
import { uiMessages } from '../../../ui/messages';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { Skeleton } from '../../../ui/Skeleton';
import { Tabs, type TabItem } from '../../../ui/Tabs';
import { useRecordLoad } from '../../../lib/use-record-load';
import { getUser } from '../api';
import { useUserActions, type UserActions } from '../components/UserActions';
import { userStatus } from '../../../data/statuses';
import { userMessages } from '../messages';
import type { Person } from '../schema';
import { errorWords, roleWords, userTypeWords } from '../words';

const LIST_PATH = adminPaths.users();

/** What the app composes into the page from other features (features do not import each other). */
export interface UserDetailSlots {
  /** The profile tab's default address card. */
  defaultAddressCard?: (user: Person) => ReactNode;
  /** The `?tab=address` tab: the person's addresses. */
  addressTab?: (user: Person) => ReactNode;
  /** The `?tab=history` tab: the person's profile changes from the audit trail. */
  history?: (user: Person) => ReactNode;
  /** The `?tab=api-keys` tab, for business users only: the keys their systems call the API with. */
  apiKeysTab?: (user: Person) => ReactNode;
  /** The `?tab=webhooks` tab, for business users only (as API keys): one webhook per module. */
  webhooksTab?: (user: Person) => ReactNode;
}

function AboutCard({ person }: { person: Person }) {
  const t = useT(userMessages);
  const format = useFormat();
  const rows: [string, ReactNode][] = [
    [t('col.phone'), person.phone ?? '—'],
    [t('col.email'), <span className="break-all">{person.email}</span>],
    [t('col.userType'), userTypeWords(t, person.user_type)],
    [t('col.role'), roleWords(t, person.panel_type)],
    [t('col.created'), format.date(person.created_at)],
  ];
  return (
    <section aria-labelledby="user-about" className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="user-about" className="text-base font-semibold">
        {t('detail.about')}
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Cover({ person, actions }: { person: Person; actions: ReactNode }) {
  const t = useT(userMessages);
  return (
    <section aria-label={t('detail.user')} className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div aria-hidden="true" className="h-24 bg-gradient-to-r from-brand to-brand/60" />
      <div className="flex flex-wrap items-start justify-between gap-4 px-5 pb-5">
        <div className="flex items-start gap-4">
          <span className="-mt-7 shrink-0 rounded-full ring-4 ring-white dark:ring-slate-900">
            <Avatar name={person.full_name} src={person.avatar_url} size="lg" />
          </span>
          <div className="pt-3">
            <p className="text-lg font-semibold" data-testid="user-cover-name">
              {person.full_name}
            </p>
            <p className="mt-0.5 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <StatusChip vocabulary={userStatus} status={person.status} />
              <span>{roleWords(t, person.panel_type)}</span>
            </p>
          </div>
        </div>
        <div className="pt-3">{actions}</div>
      </div>
    </section>
  );
}

/** users/{id}/detail: the cover, then tabs by `?tab=` (empty: profile; address; api-keys for business users; webhooks for business users; history). */
export function UserDetailPage({ defaultAddressCard, addressTab, history, apiKeysTab, webhooksTab }: UserDetailSlots) {
  const t = useT(userMessages);
  const server = useServerWords();
  const ui = useT(uiMessages);
  const { id = '' } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const { state, retry, setRecord } = useRecordLoad(tenantId ? `${tenantId}/${id}` : null, () => getUser(tenantId, id));
  useDocumentTitle(t('detail.documentTitle', { name: state.status === 'ready' ? state.record.full_name : t('detail.user') }));

  const actions = useUserActions({ currentUserId: user?.id ?? null, onChanged: setRecord });
  const name = state.status === 'ready' ? state.record.full_name : state.status === 'loading' ? ui('loading') : t('detail.user');
  const header = <PageHeader title={name} breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('list.title'), href: LIST_PATH }, { label: name }]} />;

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={LIST_PATH}
      backLabel={t('detail.back')}
      notFoundTitle={t('detail.notFound')}
      notFoundDescription={t('detail.notFoundDescription')}
      failedTitle={t('detail.failed')}
      failedDetail={(error) => errorWords(t, server, error)}
      loading={
        <div role="status" aria-busy="true" aria-label={t('detail.loading')} className="space-y-4">
          <div className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800">
            <Skeleton className="h-24 w-full rounded-none" />
            <div className="flex items-center gap-4 p-5">
              <Skeleton className="size-14 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-5 w-48" />
                <Skeleton className="h-4 w-24" />
              </div>
            </div>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-48 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        </div>
      }
    >
      {(person) => <UserDetail person={person} actions={actions} slots={{ defaultAddressCard, addressTab, history, apiKeysTab, webhooksTab }} />}
    </RecordStates>
  );
}

/** The loaded user: the cover with its actions, then the tabs. */
function UserDetail({ person, actions, slots: { defaultAddressCard, addressTab, history, apiKeysTab, webhooksTab } }: { person: Person; actions: UserActions; slots: UserDetailSlots }) {
  const t = useT(userMessages);
  const tabs: TabItem[] = [
    {
      key: '',
      label: t('tab.profile'),
      content: (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <AboutCard person={person} />
          {defaultAddressCard?.(person)}
        </div>
      ),
    },
  ];
  if (addressTab) tabs.push({ key: 'address', label: t('tab.addresses'), content: addressTab(person) });
  if (apiKeysTab && person.user_type === 'business') tabs.push({ key: 'api-keys', label: t('tab.apiKeys'), content: apiKeysTab(person) });
  if (webhooksTab && person.user_type === 'business') tabs.push({ key: 'webhooks', label: t('tab.webhooks'), content: webhooksTab(person) });
  if (history) tabs.push({ key: 'history', label: t('tab.history'), content: history(person) });

  return (
    <>
      <Cover
        person={person}
        actions={
          <Menu label={t('detail.actionsFor', { name: person.full_name })} items={actions.actionsFor(person)} buttonClassName="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium dark:border-slate-600">
            {t('detail.actions')}
          </Menu>
        }
      />
      <Tabs tabs={tabs} queryParam="tab" label={t('detail.sections')} />
      {actions.dialogs}
    </>
  );
}

export default UserDetailPage;
