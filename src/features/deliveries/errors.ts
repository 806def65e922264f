/** The database's words for a refused move: its {field, message} details, else its message. */
export function refusalText(error: unknown): string {
  const e = error as { message?: unknown; details?: unknown } | null;
  if (e && typeof e.details === 'string') {
    try {
      const details = JSON.parse(e.details) as { message?: string }[];
      const messages = Array.isArray(details) ? details.map((d) => d.message).filter((m): m is string => typeof m === 'string') : [];
      if (messages.length > 0) return messages.join('\n');
    } catch {
      // not JSON: the message below says it
    }
  }
  return e && typeof e.message === 'string' && e.message ? e.message : 'Something went wrong!';
}

/** The database names the address snapshots and the route; the form shows them on its own fields. */
const SERVER_FIELDS: Record<string, string> = {
  pickup_address: 'pickup_address_id',
  dropoff_address: 'dropoff_address_id',
  route: 'service_id',
  customer: 'customer_id',
};

/** The database's error with its field names made the form's. */
export function toFormFieldErrors(error: unknown): unknown {
  const e = error as { details?: unknown } | null;
  if (!e || typeof e.details !== 'string') return error;
  try {
    const details = JSON.parse(e.details) as { field?: string; message?: string }[];
    if (!Array.isArray(details)) return error;
    const mapped = details.map((d) => (d.field && SERVER_FIELDS[d.field] ? { ...d, field: SERVER_FIELDS[d.field] } : d));
    return { ...e, details: JSON.stringify(mapped) };
  } catch {
    return error;
  }
}
