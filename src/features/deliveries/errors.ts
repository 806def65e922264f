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
