import { Skeleton } from './Skeleton';

/** The loading region of a form as wide as max-w-3xl; `RecordStates` takes it as `loadingClassName`. */
export const FORM_SKELETON_CLASS = 'max-w-3xl space-y-3';

export function FormSkeleton({ label }: { label: string }) {
  return (
    <div className={FORM_SKELETON_CLASS} aria-busy="true" aria-label={label}>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
