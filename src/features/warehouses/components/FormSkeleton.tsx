import { Skeleton } from '../../../ui/Skeleton';

export function FormSkeleton({ label }: { label: string }) {
  return (
    <div className="max-w-3xl space-y-3" aria-busy="true" aria-label={label}>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
