import { useT } from '../../lib/i18n/catalogue';
import { Button } from '../../ui/Button';
import { AlertIcon } from '../../ui/icons';
import { appMessages } from '../messages';

/** Drops the app's offline caches (CacheStorage, if any), so the reload fetches the current build. */
export async function clearCachesAndReload(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
  } catch {
    // A cache that cannot be cleared must not stop the reload.
  } finally {
    window.location.reload();
  }
}

/** The chunk-load error screen, also shown for any other error a page throws. */
export function ChunkLoadErrorScreen({ chunkError, onTryAgain }: { chunkError: boolean; onTryAgain: () => void }) {
  const t = useT(appMessages);
  return (
    <main role="alert" className="grid min-h-dvh place-items-center bg-brand-bg px-4 text-center dark:bg-slate-950">
      <div className="max-w-md">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-300">
          <AlertIcon className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{t('error.title')}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">{chunkError ? t('error.chunk') : t('error.unexpected')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={() => void clearCachesAndReload()}>{t('error.reload')}</Button>
          <Button variant="secondary" onClick={onTryAgain}>
            {t('error.tryAgain')}
          </Button>
        </div>
      </div>
    </main>
  );
}
