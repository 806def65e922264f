/** A placeholder block while content loads; the region around it carries aria-busy and a status. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-md bg-slate-200 dark:bg-slate-800 ${className ?? 'h-4 w-full'}`} />;
}
