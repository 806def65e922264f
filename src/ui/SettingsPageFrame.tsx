import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/catalogue';
import type { RecordLoad } from '../lib/use-record-load';
import { ErrorState } from './ErrorState';
import { uiMessages } from './messages';
import { PageHeader } from './PageHeader';

export interface SettingsPageFrameProps<R> {
  title: string;
  /** The skeleton's accessible name, and the skeleton itself in the shape of the screen to come. */
  loadingLabel: string;
  skeleton: ReactNode;
  skeletonClassName: string;
  failedTitle: string;
  load: RecordLoad<R>;
  retry: () => void;
  children: (record: R) => ReactNode;
}

/** A settings screen read once (useRecordLoad): its title under Dashboard, a skeleton while loading, the failure with Retry, then the form. */
export function SettingsPageFrame<R>({ title, loadingLabel, skeleton, skeletonClassName, failedTitle, load, retry, children }: SettingsPageFrameProps<R>) {
  const ui = useT(uiMessages);
  return (
    <div className="space-y-4">
      <PageHeader title={title} breadcrumbs={[{ label: ui('record.dashboard'), href: '/' }, { label: title }]} />
      {load.status === 'loading' && (
        <div className={skeletonClassName} aria-busy="true" aria-label={loadingLabel}>
          {skeleton}
        </div>
      )}
      {load.status === 'failed' && <ErrorState title={failedTitle} onRetry={retry} />}
      {load.status === 'ready' && children(load.record)}
    </div>
  );
}
