/**
 * pg_cron's schedules: vixie cron's five fields (minute, hour, day of month, month, day of week, in
 * UTC: pg_cron's default cron.timezone is GMT) with its @shortcuts and '$' for the last day of the
 * month, or pg_cron 1.5's interval form '[1-59] seconds'. The database checks a schedule when it is
 * set (cron._stack_valid_schedule); this is the same grammar, for the scheduler.
 */
export type CronSchedule =
  | { kind: 'seconds'; seconds: number }
  | { kind: 'reboot' }
  | {
      kind: 'fields';
      minutes: Set<number>;
      hours: Set<number>;
      days: Set<number>;
      lastDay: boolean;
      months: Set<number>;
      weekdays: Set<number>;
      /** Vixie cron: when either day field is '*', a day must match both; otherwise either. */
      dayStar: boolean;
    };

const SHORTCUTS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

function field(text: string, low: number, high: number, names: string[] = [], nameBase = 0): Set<number> | null {
  const values = new Set<number>();
  const value = (s: string): number | null => {
    if (/^\d+$/.test(s)) return Number(s);
    const i = names.indexOf(s);
    return i < 0 ? null : i + nameBase;
  };
  for (const item of text.split(',')) {
    const m = /^(\*|[0-9a-z]+(?:-[0-9a-z]+)?)(?:\/(\d+))?$/.exec(item);
    if (!m) return null;
    const step = m[2] === undefined ? 1 : Number(m[2]);
    if (step < 1) return null;
    let from = low;
    let to = high;
    if (m[1] !== '*') {
      const [a, b] = m[1].split('-');
      const va = value(a);
      const vb = b === undefined ? (m[2] === undefined ? va : high) : value(b);
      if (va === null || vb === null || va < low || vb > high || va > vb) return null;
      from = va;
      to = vb;
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

export function parseSchedule(text: string): CronSchedule | null {
  const s = text.trim().toLowerCase();
  const seconds = /^(\d+)\s+seconds?$/.exec(s);
  if (seconds) {
    const n = Number(seconds[1]);
    return n >= 1 && n <= 59 ? { kind: 'seconds', seconds: n } : null;
  }
  if (s === '@reboot') return { kind: 'reboot' };
  const parts = (SHORTCUTS[s] ?? s).split(/\s+/);
  if (parts.length !== 5) return null;
  const [min, hour, dom, month, dow] = parts;
  const domItems = dom.split(',');
  const lastDay = domItems.includes('$');
  const domRest = domItems.filter((i) => i !== '$');
  const minutes = field(min, 0, 59);
  const hours = field(hour, 0, 23);
  const days = domRest.length > 0 ? field(domRest.join(','), 1, 31) : new Set<number>();
  const months = field(month, 1, 12, MONTHS, 1);
  const weekdays = field(dow, 0, 7, WEEKDAYS, 0);
  if (!minutes || !hours || !days || !months || !weekdays) return null;
  if (weekdays.delete(7)) weekdays.add(0);
  return { kind: 'fields', minutes, hours, days, lastDay, months, weekdays, dayStar: dom.startsWith('*') || dow.startsWith('*') };
}

function dayMatches(s: Extract<CronSchedule, { kind: 'fields' }>, d: Date): boolean {
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  const dom = s.days.has(d.getUTCDate()) || (s.lastDay && d.getUTCDate() === last);
  const dow = s.weekdays.has(d.getUTCDay());
  return s.dayStar ? dom && dow : dom || dow;
}

/** The first minute strictly after `after` (ms) that a five-field schedule names, in ms; null if none within 5 years. */
export function nextFieldsRun(s: Extract<CronSchedule, { kind: 'fields' }>, after: number): number | null {
  const t = new Date(Math.floor(after / 60_000) * 60_000 + 60_000);
  const limit = after + 5 * 366 * 86_400_000;
  while (t.getTime() <= limit) {
    if (!s.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(s, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!s.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!s.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
    } else {
      return t.getTime();
    }
  }
  return null;
}
