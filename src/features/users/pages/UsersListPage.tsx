import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { StatusChip } from '../../../ui/Chip';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/PageHeader';
import { listUsers } from '../api';
import { InviteUserDialog } from '../components/InviteUserDialog';
import { useUserActions } from '../components/UserActions';
import { userList } from '../list';
import { formatDate } from '../format';
import { userStatus } from '../../../data/statuses';
import { useStatuses } from '../../../lib/status-vocabulary';
import { ROLE_OPTIONS, roleLabel, USER_TYPE_OPTIONS, userTypeLabel, type Person } from '../schema';

const columns: DataTableColumn<Person>[] = [
  {
    id: 'full_name',
    header: 'Name',
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
  { id: 'email', header: 'Email', sortable: true, cell: (p) => <span className="break-all">{p.email}</span> },
  { id: 'phone', header: 'Phone', cell: (p) => p.phone ?? '—', hideBelow: 'md' },
  { id: 'role', header: 'Role', cell: (p) => roleLabel(p.panel_type) },
  { id: 'user_type', header: 'User type', cell: (p) => userTypeLabel(p.user_type), hideBelow: 'lg' },
  { id: 'status', header: 'Status', cell: (p) => <StatusChip vocabulary={userStatus} status={p.status} /> },
  { id: 'created_at', header: 'Created', sortable: true, cell: (p) => formatDate(p.created_at), hideBelow: 'md' },
];

/** Users (admin area): the business's people, searched and filtered on the server. */
export function UsersListPage() {
  useDocumentTitle('Users | Waypost');
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [, navigate] = useLocation();
  const [inviting, setInviting] = useState(false);
  const statuses = useStatuses(userStatus);
  const table = useListUrlState(userList);
  const list = useServerList({
    queryKey: ['users', tenantId],
    state: table.state,
    fetchPage: (state, context) => listUsers(tenantId, state, context),
    rowKey: (p: Person) => p.id,
    enabled: tenantId !== '',
  });
  const { refetch } = list;
  const actions = useUserActions({ currentUserId: user?.id ?? null, onChanged: () => refetch(), onView: (p) => navigate(adminPaths.userDetail(p.id)) });

  return (
    <div className="space-y-4">
      <PageHeader title="Users" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Users' }]} />
      <DataTable
        label="Users"
        columns={columns}
        {...table}
        {...list.tableProps}
        rowLabel={(p) => p.full_name}
        searchPlaceholder="Search name, email or phone"
        rowActions={actions.actionsFor}
        toolbar={<Button onClick={() => setInviting(true)}>Invite user</Button>}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect label="Role" value={draft.role} options={ROLE_OPTIONS} onChange={(role) => setDraft({ ...draft, role })} />
            <FilterSelect label="User type" value={draft.type} options={USER_TYPE_OPTIONS} onChange={(type) => setDraft({ ...draft, type })} />
            <FilterSelect label="Status" value={draft.status} options={statuses.options} onChange={(status) => setDraft({ ...draft, status })} />
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
