export { ToastProvider, useToast, type ToastApi } from './ToastProvider';
export type { ToastTone } from './toast-queue';
