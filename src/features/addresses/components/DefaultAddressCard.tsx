import { useState } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { useRecordLoad } from '../../../lib/use-record-load';
import { Button } from '../../../ui/Button';
import { ErrorState } from '../../../ui/ErrorState';
import { PlusIcon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { getDefaultAddress } from '../api';
import { addressMessages } from '../messages';
import type { Address } from '../schema';
import { AddressCard } from './AddressCard';
import { AddressDialog } from './AddressDialog';

type Load = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; address: Address | null };

/** The profile tab's card: the person's Default address (the primary one, else the first). */
export function DefaultAddressCard({ userId, tenantId }: { userId: string; tenantId: string }) {
  const t = useT(addressMessages);
  // Read again after a save (loading meanwhile); an answer for another person or an earlier read is dropped.
  const [reload, setReload] = useState(0);
  const [adding, setAdding] = useState(false);
  const { state } = useRecordLoad<{ address: Address | null }>(
    `${tenantId}|${userId}|${reload}`,
    (signal) => getDefaultAddress({ tenantId, userId }, signal).then((address) => ({ address })),
    { loadingOnNewKey: true },
  );
  const load: Load =
    state.status === 'ready'
      ? { status: 'ready', address: state.record.address }
      : state.status === 'failed'
        ? { status: 'error', error: state.error instanceof Error ? state.error : new Error(t('default.loadFailed')) }
        : { status: 'loading' };

  return (
    <section aria-labelledby="default-address-heading" className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="default-address-heading" className="mb-3 text-base font-semibold">
        {t('default.title')}
      </h2>
      {load.status === 'loading' && (
        <div role="status" aria-busy="true" aria-label={t('default.loading')} className="space-y-2">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      )}
      {load.status === 'error' && <ErrorState title={t('default.failed')} detail={load.error.message} onRetry={() => setReload((n) => n + 1)} />}
      {load.status === 'ready' && load.address && <AddressCard address={load.address} />}
      {load.status === 'ready' && !load.address && (
        <div className="flex flex-col items-start gap-2 rounded-xl border border-dashed border-slate-300 p-4 dark:border-slate-700">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('default.none')}</p>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <PlusIcon className="size-4" />
            {t('default.add')}
          </Button>
        </div>
      )}
      <AddressDialog
        open={adding}
        onClose={() => setAdding(false)}
        owner={{ tenantId, userId }}
        address={null}
        makeDefault
        onSaved={() => setReload((n) => n + 1)}
      />
    </section>
  );
}
