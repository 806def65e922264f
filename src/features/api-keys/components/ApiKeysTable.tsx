import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { useToast } from '../../../ui/toast';
import { listApiKeys, revokeApiKey, type ApiKeyScope } from '../api';
import { apiKeyList } from '../list';
import type { ApiKey } from '../schema';
import { ApiKeyDialog } from './ApiKeyDialog';
import { GeneratedKeyDialog } from './GeneratedKeyDialog';

const INACTIVE = 'Only active API keys can be edited or revoked';

function isExpired(key: ApiKey): boolean {
  return key.expires_at !== null && Date.parse(key.expires_at) < Date.now();
}

const columns: DataTableColumn<ApiKey>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    cell: (k) => (
      <div>
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {k.name}
          {!k.is_active ? <Chip tone="neutral">Revoked</Chip> : isExpired(k) ? <Chip tone="warning">Expired</Chip> : null}
        </p>
        <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{k.key_prefix}…</p>
      </div>
    ),
  },
  { id: 'description', header: 'Description', sortable: true, hideBelow: 'md', cell: (k) => k.description || '—' },
  { id: 'created_at', header: 'Created', sortable: true, cell: (k) => formatDateTime(k.created_at) },
  { id: 'expires_at', header: 'Expires', sortable: true, cell: (k) => (k.expires_at ? formatDateTime(k.expires_at) : 'Never') },
];

/**
 * A scope's API keys (the tenant's own, or one business user's): searchable, sortable, paged
 * table; 'Generate new key'; per row Edit and Revoke, both only for active keys; the revoke
 * confirmation; the generate/edit dialog; the new key shown once.
 */
export function ApiKeysTable({ scope }: { scope: ApiKeyScope }) {
  const toast = useToast();
  const table = useListUrlState(apiKeyList);
  const list = useServerList({
    queryKey: ['api-keys', scope.tenantId, scope.userId],
    state: table.state,
    fetchPage: (state, context) => listApiKeys(scope, state, context),
    rowKey: (k: ApiKey) => k.id,
    enabled: scope.tenantId !== '',
  });
  const [dialog, setDialog] = useState<{ key: ApiKey | null } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [generated, setGenerated] = useState<string | null>(null);

  return (
    <>
      <DataTable
        label="API keys"
        columns={columns}
        {...table}
        {...list.tableProps}
        rowLabel={(k) => k.name}
        searchPlaceholder="Search name or description"
        emptyMessage="No API keys yet"
        rowActions={(k) => [
          { label: 'Edit', onSelect: () => setDialog({ key: k }), disabled: !k.is_active, reason: k.is_active ? undefined : INACTIVE },
          { label: 'Revoke', onSelect: () => setRevoking(k), destructive: true, disabled: !k.is_active, reason: k.is_active ? undefined : INACTIVE },
        ]}
        toolbar={<Button onClick={() => setDialog({ key: null })}>Generate new key</Button>}
      />
      <ApiKeyDialog
        open={dialog !== null}
        scope={scope}
        apiKey={dialog?.key ?? null}
        onClose={() => setDialog(null)}
        onGenerated={setGenerated}
        onSaved={() => {
          setDialog(null);
          list.refetch();
        }}
      />
      <GeneratedKeyDialog apiKey={generated} onClose={() => setGenerated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke API key"
        message={
          <>
            Revoke <strong>{revoking?.name}</strong>? Systems using this key stop working at once, and it cannot be undone.
          </>
        }
        confirmLabel="Revoke"
        destructive
        onConfirm={async () => {
          if (!revoking) return;
          try {
            toast.success(await revokeApiKey(revoking.id));
          } catch (error) {
            toast.error(error instanceof Error ? error.message : 'Failed to revoke API key');
            throw error;
          }
          list.refetch();
        }}
      />
    </>
  );
}
