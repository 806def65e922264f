import { useCallback, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { withFilters, withPage, withSearch } from '../../../lib/list-state';
import { useServerList } from '../../../lib/use-server-list';
import { useListUrlState } from '../../../lib/url-state';
import { Pagination, SearchBox } from '../../../ui/data-table';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { PlusIcon } from '../../../ui/icons';
import { Menu } from '../../../ui/Menu';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
import { deleteAddress, listAddresses } from '../api';
import { addressList, type AddressListState } from '../list';
import { addressMessages } from '../messages';
import { ADDRESS_TYPE_FILTERS, addressLabel, type Address, type AddressTypeFilter } from '../schema';
import { addressTypeWords } from '../words';
import { AddressCard } from './AddressCard';
import { AddressDialog } from './AddressDialog';

/** The server's words, else a fallback (save or delete failures show the server's message). */
export function failureMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}


/** The user page's Address tab: a person's addresses, filtered by type, searched, five per page. */
export function UserAddressTab({ userId, tenantId }: { userId: string; tenantId: string }) {
  const { state, onStateChange, definition } = useListUrlState(addressList);
  const fetchPage = useCallback((s: AddressListState, context: { signal: AbortSignal }) => listAddresses({ tenantId, userId }, s, context), [tenantId, userId]);
  const list = useServerList({ queryKey: ['addresses', tenantId, userId], state, fetchPage, rowKey: (a: Address) => a.id });
  const narrowed = state.q !== '' || state.filters.type !== undefined;
  const toast = useToast();
  const t = useT(addressMessages);
  const typeChoices = useMemo<readonly { value: AddressTypeFilter | undefined; label: string }[]>(
    () => [{ value: undefined, label: t('tab.all') }, ...ADDRESS_TYPE_FILTERS.map((value) => ({ value, label: addressTypeWords(t, value) }))],
    [t],
  );
  const [editing, setEditing] = useState<{ address: Address | null } | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  const remove = async (address: Address) => {
    try {
      await deleteAddress(tenantId, address.id);
      toast.success(t('toast.deleted'));
    } catch (error) {
      toast.error(failureMessage(error, t('toast.deleteFailed')));
    }
    list.refetch();
  };

  return (
    <section aria-label={t('tab.label')} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t('tab.typeGroup')} className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600">
          {typeChoices.map((choice) => {
            const selected = state.filters.type === choice.value;
            return (
              <button
                key={choice.value ?? 'all'}
                type="button"
                aria-pressed={selected}
                onClick={() => onStateChange(withFilters(state, { type: choice.value }))}
                className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand ${
                  selected ? 'bg-brand text-brand-contrast' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                }`}
              >
                {choice.label}
              </button>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SearchBox value={state.q} label={t('tab.search')} placeholder={t('tab.searchPlaceholder')} onSearch={(q) => onStateChange(withSearch(state, q), { replace: true })} />
          <Button onClick={() => setEditing({ address: null })}>
            <PlusIcon className="size-4" />
            {t('tab.add')}
          </Button>
        </div>
      </div>

      {list.loading && list.rows.length === 0 ? (
        <div aria-busy="true" role="status" aria-label={t('tab.loading')} className="space-y-3">
          {[0, 1, 2].map((index) => (
            <div key={index} data-testid="address-skeleton" className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-2/3" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          ))}
        </div>
      ) : list.error ? (
        <ErrorState title={t('tab.failed')} detail={list.error.message} onRetry={list.refetch} />
      ) : list.rows.length === 0 ? (
        <EmptyState
          title={narrowed ? t('tab.noMatch') : t('tab.empty')}
          description={narrowed ? t('tab.noMatchDetail') : t('tab.emptyDetail')}
          action={
            narrowed ? (
              <Button variant="secondary" onClick={() => onStateChange(withFilters(withSearch(state, ''), { type: undefined }))}>
                {t('tab.clear')}
              </Button>
            ) : (
              <Button onClick={() => setEditing({ address: null })}>{t('tab.add')}</Button>
            )
          }
        />
      ) : (
        <ul aria-busy={list.loading || undefined} className={`space-y-3 ${list.loading ? 'opacity-60' : ''}`}>
          {list.rows.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                actions={
                  <Menu
                    label={t('tab.actionsFor', { name: addressLabel(address) })}
                    items={[
                      { label: t('tab.edit'), onSelect: () => setEditing({ address }) },
                      { label: t('tab.delete'), onSelect: () => setDeleting(address), destructive: true },
                    ]}
                  />
                }
              />
            </li>
          ))}
        </ul>
      )}

      {list.total > 0 && (
        <Pagination
          page={state.page}
          pageSize={state.pageSize}
          total={list.total}
          pageSizes={definition.pageSizes}
          onPageChange={(page) => onStateChange(withPage(state, page))}
          onPageSizeChange={() => undefined}
          disabled={list.loading}
        />
      )}

      <AddressDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        owner={{ tenantId, userId }}
        address={editing?.address ?? null}
        makeDefault={list.total === 0 && !narrowed}
        onSaved={() => list.refetch()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        message={deleting ? t('delete.message', { name: addressLabel(deleting) }) : ''}
        confirmLabel={t('tab.delete')}
        destructive
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </section>
  );
}
