import { useCallback } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { detailWords } from '../../lib/server-errors';
import { useServerWords } from '../../lib/server-messages/server-words';
import { driverMessages, type DriverKey } from './messages';
import { DRIVER_ERRORS, MAX_PHOTOS } from './schema';
import { SendError } from './offline-queue';
import type { RejectedAction } from './use-action-queue';

/** The forms' messages (the database's English, schema.ts) and their keys in the driver catalogue. */
const ERROR_KEYS: Record<string, DriverKey> = {
  [DRIVER_ERRORS.signature]: 'error.signature',
  [DRIVER_ERRORS.photo]: 'error.photo',
  [DRIVER_ERRORS.photoType]: 'error.photoType',
  [DRIVER_ERRORS.photoSize]: 'error.photoSize',
  [DRIVER_ERRORS.recipientName]: 'error.recipientName',
  [DRIVER_ERRORS.recipientNameLength]: 'error.recipientNameLength',
  [DRIVER_ERRORS.notes]: 'error.notes',
  [DRIVER_ERRORS.notesLength]: 'error.notesLength',
  [DRIVER_ERRORS.cash]: 'error.cash',
  [DRIVER_ERRORS.reason]: 'error.reason',
  [DRIVER_ERRORS.reasonListed]: 'error.reasonListed',
  [DRIVER_ERRORS.noteLength]: 'error.noteLength',
  [DRIVER_ERRORS.rejectReason]: 'error.rejectReason',
  [DRIVER_ERRORS.rejectReasonLength]: 'error.rejectReasonLength',
};

/**
 * A form's errors in the page's language: each known message through its key (the photo count with
 * its number), any other text as it is.
 */
export function useErrorWords() {
  const t = useT(driverMessages);
  const word = useCallback(
    (message: string): string => {
      if (message === DRIVER_ERRORS.photoCount) return t('error.photoCount', { count: MAX_PHOTOS });
      const key = ERROR_KEYS[message];
      return key ? t(key) : message;
    },
    [t],
  );
  /** Every message of an errors object, in the page's language. */
  const words = useCallback(
    <E extends Partial<Record<string, string>>>(errors: E): E =>
      Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message === undefined ? message : word(message)])) as E,
    [word],
  );
  return { word, words };
}

/**
 * Why the server refused a queued action, in the page's language: each of the database's problems
 * by its key (a proof the tenant requires, a move no longer allowed), the server's English for a key
 * this build does not know or a refusal without problems.
 */
export function useRejectionWords(): (rejected: Pick<RejectedAction, 'message' | 'details'>) => string {
  const serverWords = useServerWords();
  return useCallback(
    ({ message, details }) => (details.length > 0 ? details.map((detail) => detailWords(detail, serverWords)).join('; ') : message),
    [serverWords],
  );
}

/**
 * Why going on or off duty failed, for its toast in the page's language: offline, when to try again;
 * a refusal of set_driver_status (a validation refusal of the driver's row, a driver not found) by its
 * problems' keys, the server's English for a key this build does not know; any other failure (a lost
 * answer) as it says.
 */
export function useDutyFailureText(): (reason: unknown, online: boolean) => string {
  const t = useT(driverMessages);
  const rejectionWords = useRejectionWords();
  return useCallback(
    (reason, online) => {
      if (!online) return t('toast.dutyOffline');
      const words = reason instanceof SendError ? rejectionWords(reason) : reason instanceof Error ? reason.message : String(reason);
      return t('toast.dutyFailed', { reason: words });
    },
    [t, rejectionWords],
  );
}
