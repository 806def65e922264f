import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Avatar } from '../../../ui/Avatar';
import { StatusChip } from '../../../ui/Chip';
import { Menu } from '../../../ui/Menu';
import { PageHeader } from '../../../ui/PageHeader';
import { RecordStates } from '../../../ui/RecordStates';
import { Skeleton } from '../../../ui/Skeleton';
import { Tabs, type TabItem } from '../../../ui/Tabs';
import { useRecordLoad } from '../../../lib/use-record-load';
import { getUser } from '../api';
import { useUserActions, type UserActions } from '../components/UserActions';
import { formatDate } from '../format';
import { userStatus } from '../../../data/statuses';
import { roleLabel, userTypeLabel, type Person } from '../schema';

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
  const rows: [string, ReactNode][] = [
    ['Phone', person.phone ?? '—'],
    ['Email', <span className="break-all">{person.email}</span>],
    ['User type', userTypeLabel(person.user_type)],
    ['Role', roleLabel(person.panel_type)],
    ['Created', formatDate(person.created_at)],
  ];
  return (
    <section aria-labelledby="user-about" className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="user-about" className="text-base font-semibold">
        About
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
  return (
    <section aria-label="User" className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
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
              <span>{roleLabel(person.panel_type)}</span>
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
  const { id = '' } = useParams<{ id?: string }>();
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const { state, retry, setRecord } = useRecordLoad(tenantId ? `${tenantId}/${id}` : null, () => getUser(tenantId, id));
  useDocumentTitle(`${state.status === 'ready' ? state.record.full_name : 'User'} | Waypost`);

  const actions = useUserActions({ currentUserId: user?.id ?? null, onChanged: setRecord });
  const name = state.status === 'ready' ? state.record.full_name : state.status === 'loading' ? 'Loading…' : 'User';
  const header = <PageHeader title={name} breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Users', href: LIST_PATH }, { label: name }]} />;

  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={header}
      backTo={LIST_PATH}
      backLabel="Back to users"
      notFoundTitle="User not found"
      notFoundDescription="This user does not exist or is not part of your business."
      failedTitle="Could not load this user"
      failedDetail={(error) => (error instanceof Error && error.message ? error.message : 'Something went wrong!')}
      loading={
        <div role="status" aria-busy="true" aria-label="Loading user" className="space-y-4">
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
  const tabs: TabItem[] = [
    {
      key: '',
      label: 'Profile',
      content: (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <AboutCard person={person} />
          {defaultAddressCard?.(person)}
        </div>
      ),
    },
  ];
  if (addressTab) tabs.push({ key: 'address', label: 'Addresses', content: addressTab(person) });
  if (apiKeysTab && person.user_type === 'business') tabs.push({ key: 'api-keys', label: 'API Keys', content: apiKeysTab(person) });
  if (webhooksTab && person.user_type === 'business') tabs.push({ key: 'webhooks', label: 'Webhooks', content: webhooksTab(person) });
  if (history) tabs.push({ key: 'history', label: 'History', content: history(person) });

  return (
    <>
      <Cover
        person={person}
        actions={
          <Menu label={`Actions for ${person.full_name}`} items={actions.actionsFor(person)} buttonClassName="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium dark:border-slate-600">
            Actions
          </Menu>
        }
      />
      <Tabs tabs={tabs} queryParam="tab" label="User sections" />
      {actions.dialogs}
    </>
  );
}

export default UserDetailPage;
