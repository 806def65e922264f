export function LoadingScreen() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-indigo-600 border-t-transparent dark:border-indigo-400 dark:border-t-transparent" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
