import { useEffect, useRef, useState } from 'react';

/**
 * `value` as it was at most every `intervalMs`: the first value at once, then the latest one after
 * each interval (trailing), so a prop that changes several times a second re-renders what depends on
 * it once per interval. For costly views of live data (the board's map redraws everything on a change).
 */
export function useThrottled<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const last = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    latest.current = value;
    if (Object.is(value, shown) || timer.current !== null) return;
    const wait = last.current === null ? 0 : Math.max(0, last.current + intervalMs - performance.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = performance.now();
      setShown(() => latest.current);
    }, wait);
  }, [value, shown, intervalMs]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  return shown;
}
