import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs` (a minute by default), so '2 minutes ago' does not stay 'now'. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
