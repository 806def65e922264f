import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { Button } from '../../../ui/Button';
import { ErrorState } from '../../../ui/ErrorState';
import { PlusIcon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { getDefaultAddress } from '../api';
import { addressMessages } from '../messages';
import type { Address } from '../schema';
import { AddressCard } from './AddressCard';
import { AddressDialog } from './AddressDialog';

type Settled = { key: string; error: Error; address?: undefined } | { key: string; error?: undefined; address: Address | null };
type Load = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; address: Address | null };

/** The profile tab's card: the person's Default address (the primary one, else the first). */
export function DefaultAddressCard({ userId, tenantId }: { userId: string; tenantId: string }) {
  const t = useT(addressMessages);
  const [reload, setReload] = useState(0);
  const key = `${tenantId}|${userId}|${reload}`;
  const [settled, setSettled] = useState<Settled | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getDefaultAddress({ tenantId, userId }, controller.signal).then(
      (address) => {
        if (!controller.signal.aborted) setSettled({ key, address });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key, error: error instanceof Error ? error : new Error(t('default.loadFailed')) });
      },
    );
    return () => controller.abort();
  }, [tenantId, userId, key, t]);

  const load: Load =
    settled?.key !== key ? { status: 'loading' } : settled.error ? { status: 'error', error: settled.error } : { status: 'ready', address: settled.address ?? null };

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
