const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** '10:00–12:00' today, 'Wed 26 Nov, 10:00–12:00' another day, or null without a window. */
export function formatWindow(start: string | null, end: string | null, now = new Date()): string | null {
  if (!start || !end) return null;
  const from = new Date(start);
  const to = new Date(end);
  const range = `${time.format(from)}–${time.format(to)}`;
  return sameDay(from, now) ? range : `${dayAndTime.format(from).replace(/,?\s*\d{1,2}:\d{2}.*$/, '')}, ${range}`;
}

export function formatTime(at: string | null): string {
  return at ? time.format(new Date(at)) : '—';
}

export function formatDayTime(at: string | null): string {
  return at ? dayAndTime.format(new Date(at)) : '—';
}

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

export function addressLine(address: { full_address?: string } | null | undefined): string {
  return address?.full_address?.trim() || 'Address not given';
}
