import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { adminPaths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { useTenantList } from '../../../ui/ServerListPage';
import { StatusChip } from '../../../ui/Chip';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/PageHeader';
import { listUsers } from '../api';
import { InviteUserDialog } from '../components/InviteUserDialog';
import { useUserActions } from '../components/UserActions';
import { userList } from '../list';
import { userStatus } from '../../../data/statuses';
import { useStatuses } from '../../../lib/status-vocabulary';
import { userMessages, type UserKey } from '../messages';
import type { Person } from '../schema';
import { roleWords, userOptions, userTypeWords } from '../words';

function userColumns(t: Translate<UserKey>, format: LocaleFormat): DataTableColumn<Person>[] {
  return [
    {
      id: 'full_name',
      header: t('col.name'),
      sortable: true,
      cell: (p) => (
        <span className="flex items-center gap-3">
          <Avatar name={p.full_name} src={p.avatar_url} size="sm" />
          <Link href={adminPaths.userDetail(p.id)} className="font-medium hover:underline">
            {p.full_name}
          </Link>
        </span>
      ),
    },
    { id: 'email', header: t('col.email'), sortable: true, cell: (p) => <span className="break-all">{p.email}</span> },
    { id: 'phone', header: t('col.phone'), cell: (p) => p.phone ?? '—', hideBelow: 'md' },
    { id: 'role', header: t('col.role'), cell: (p) => roleWords(t, p.panel_type) },
    { id: 'user_type', header: t('col.userType'), cell: (p) => userTypeWords(t, p.user_type), hideBelow: 'lg' },
    { id: 'status', header: t('col.status'), cell: (p) => <StatusChip vocabulary={userStatus} status={p.status} /> },
    { id: 'created_at', header: t('col.created'), sortable: true, cell: (p) => format.date(p.created_at), hideBelow: 'md' },
  ];
}

/** Users (admin area): the business's people, searched and filtered on the server. */
export function UsersListPage() {
  const t = useT(userMessages);
  const format = useFormat();
  const columns = useMemo(() => userColumns(t, format), [t, format]);
  const options = useMemo(() => userOptions(t), [t]);
  useDocumentTitle(t('list.documentTitle'));
  const { user } = useSession();
  const { url: table, page: list } = useTenantList({ list: userList, resource: 'users', fetchPage: listUsers });
  const [, navigate] = useLocation();
  const [inviting, setInviting] = useState(false);
  const statuses = useStatuses(userStatus);
  const { refetch } = list;
  const actions = useUserActions({ currentUserId: user?.id ?? null, onChanged: () => refetch(), onView: (p) => navigate(adminPaths.userDetail(p.id)) });

  return (
    <div className="space-y-4">
      <PageHeader title={t('list.title')} breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('list.title') }]} />
      <DataTable
        label={t('list.title')}
        columns={columns}
        {...table}
        {...list.tableProps}
        rowLabel={(p) => p.full_name}
        searchPlaceholder={t('list.search')}
        rowActions={actions.actionsFor}
        toolbar={<Button onClick={() => setInviting(true)}>{t('list.invite')}</Button>}
        filterFields={({ field }) => (
          <div className="space-y-4">
            <FilterSelect label={t('col.role')} options={options.roles} {...field('role')} />
            <FilterSelect label={t('col.userType')} options={options.types} {...field('type')} />
            <FilterSelect label={t('col.status')} options={statuses.options} {...field('status')} />
          </div>
        )}
      />
      <InviteUserDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={() => {
          setInviting(false);
          refetch();
        }}
      />
      {actions.dialogs}
    </div>
  );
}

export default UsersListPage;
