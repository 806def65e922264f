/** A time of day as the dispatcher reads it on the board ("14:05"); dates other than today get their day too. */
export function formatClock(value: string | number | null | undefined, now: Date = new Date()): string {
  if (value == null) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${time}`;
}

/** The street part of a full address, for a card's one line. */
export function shortAddress(full: string | null | undefined): string {
  if (!full) return 'an address without text';
  return full.split(',')[0]!.trim() || full;
}

export function formatKm(km: number): string {
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}
