export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

/** A snackbar hides after 6 seconds. */
export const TOAST_DURATION_MS = 6000;
/** More than this many at once and the oldest goes first. */
export const MAX_TOASTS = 3;

/** Adds a toast; an identical message already on screen is not repeated. */
export function pushToast(toasts: readonly Toast[], next: Toast): Toast[] {
  if (toasts.some((toast) => toast.message === next.message && toast.tone === next.tone)) return [...toasts];
  return [...toasts, next].slice(-MAX_TOASTS);
}

export function dropToast(toasts: readonly Toast[], id: number): Toast[] {
  return toasts.filter((toast) => toast.id !== id);
}
