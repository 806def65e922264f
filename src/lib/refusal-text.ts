/**
 * The database's words for a refused write or move, for one line of text (a toast, a banner): its
 * {field, message} details joined, else its message. Forms put the details under their fields
 * instead (server-errors.ts).
 */
export function refusalText(error: unknown, separator = '; '): string {
  const e = error as { message?: unknown; details?: unknown } | null;
  if (e && typeof e.details === 'string') {
    try {
      const details = JSON.parse(e.details) as { message?: string }[];
      const messages = Array.isArray(details) ? details.map((d) => d.message).filter((m): m is string => typeof m === 'string') : [];
      if (messages.length > 0) return messages.join(separator);
    } catch {
      // not JSON: the message below says it
    }
  }
  return e && typeof e.message === 'string' && e.message ? e.message : 'Something went wrong!';
}
