import { useMemo, useState } from 'react';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { useToast } from '../../../ui/toast';
import { listApiKeys, revokeApiKey, type ApiKeyScope } from '../api';
import { apiKeyList } from '../list';
import { apiKeyMessages, type ApiKeyKey } from '../messages';
import type { ApiKey } from '../schema';
import { errorWords, translateApiKeyMessage, translatedError } from '../words';
import { ApiKeyDialog } from './ApiKeyDialog';
import { GeneratedKeyDialog } from './GeneratedKeyDialog';

function isExpired(key: ApiKey): boolean {
  return key.expires_at !== null && Date.parse(key.expires_at) < Date.now();
}

function keyColumns(t: Translate<ApiKeyKey>, format: LocaleFormat): DataTableColumn<ApiKey>[] {
  return [
    {
      id: 'name',
      header: t('col.name'),
      sortable: true,
      cell: (k) => (
        <div>
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {k.name}
            {!k.is_active ? <Chip tone="neutral">{t('chip.revoked')}</Chip> : isExpired(k) ? <Chip tone="warning">{t('chip.expired')}</Chip> : null}
          </p>
          <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{k.key_prefix}…</p>
        </div>
      ),
    },
    { id: 'description', header: t('col.description'), sortable: true, hideBelow: 'md', cell: (k) => k.description || '—' },
    { id: 'created_at', header: t('col.created'), sortable: true, cell: (k) => format.dateTime(k.created_at) },
    { id: 'expires_at', header: t('col.expires'), sortable: true, cell: (k) => (k.expires_at ? format.dateTime(k.expires_at) : t('table.never')) },
  ];
}

/**
 * A scope's API keys (the tenant's own, or one business user's): searchable, sortable, paged
 * table; 'Generate new key'; per row Edit and Revoke, both only for active keys; the revoke
 * confirmation; the generate/edit dialog; the new key shown once.
 */
export function ApiKeysTable({ scope }: { scope: ApiKeyScope }) {
  const toast = useToast();
  const t = useT(apiKeyMessages);
  const server = useServerWords();
  const format = useFormat();
  const columns = useMemo(() => keyColumns(t, format), [t, format]);
  const inactive = t('message.inactive');
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
        label={t('page.title')}
        columns={columns}
        {...table}
        {...list.tableProps}
        rowLabel={(k) => k.name}
        searchPlaceholder={t('table.search')}
        emptyMessage={t('table.empty')}
        rowActions={(k) => [
          { label: t('table.edit'), onSelect: () => setDialog({ key: k }), disabled: !k.is_active, reason: k.is_active ? undefined : inactive },
          { label: t('table.revoke'), onSelect: () => setRevoking(k), destructive: true, disabled: !k.is_active, reason: k.is_active ? undefined : inactive },
        ]}
        toolbar={<Button onClick={() => setDialog({ key: null })}>{t('table.generate')}</Button>}
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
        title={t('revoke.title')}
        message={t.rich('revoke.message', { name: revoking?.name ?? '', b: (chunks) => <strong>{chunks}</strong> })}
        confirmLabel={t('table.revoke')}
        destructive
        onConfirm={async () => {
          if (!revoking) return;
          try {
            toast.success(translateApiKeyMessage(t, await revokeApiKey(revoking.id)));
          } catch (error) {
            toast.error(errorWords(t, server, error, t('message.revokeFailed')));
            throw translatedError(t, server, error);
          }
          list.refetch();
        }}
      />
    </>
  );
}
