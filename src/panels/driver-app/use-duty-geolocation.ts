import { useEffect, useRef, useState } from 'react';
import { recordPosition, recordPositions } from './api';
import { idbPositionBuffer } from './device-store';
import { fixFromPosition, shouldSendFix, type GeoFix } from './geo-throttle';
import { isTransient } from './offline-queue';

export type GeoState = 'off' | 'waiting' | 'active' | 'denied' | 'unavailable' | 'unsupported';

/**
 * While on duty: the phone's position, sent at most every 10 m or 15 s through
 * record_driver_position; fixes taken without a connection are kept on the device and sent in one
 * record_driver_positions batch when it returns.
 */
export function useDutyGeolocation(onDuty: boolean, userId: string) {
  // What the watch reported during this duty period; 'off' and 'unsupported' are derived below.
  const [state, setState] = useState<GeoState>('waiting');
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const lastFix = useRef<GeoFix | null>(null);

  useEffect(() => {
    if (!onDuty || !supported) return;
    const buffer = idbPositionBuffer(userId);
    let lastSent: GeoFix | null = null;
    let chain: Promise<void> = Promise.resolve();
    const serial = (job: () => Promise<void>) => {
      chain = chain.then(job).catch(() => undefined);
      return chain;
    };
    const keep = (fix: GeoFix) => serial(async () => buffer.save([...(await buffer.load()), fix]));
    const flushBuffer = () =>
      serial(async () => {
        const fixes = await buffer.load();
        if (fixes.length === 0 || !navigator.onLine) return;
        try {
          for (let i = 0; i < fixes.length; i += 500) await recordPositions(fixes.slice(i, i + 500));
          await buffer.save([]);
          setLastSentAt(Date.now());
        } catch (error) {
          // A refused batch is dropped (the server answers bad fixes without raising); a lost connection keeps it.
          if (!isTransient(error)) await buffer.save([]);
        }
      });

    const onPosition = (position: GeolocationPosition) => {
      setState('active');
      const fix = fixFromPosition(position);
      lastFix.current = fix;
      if (!shouldSendFix(lastSent, fix)) return;
      lastSent = fix;
      if (!navigator.onLine) {
        void keep(fix);
        return;
      }
      recordPosition(fix).then(
        () => setLastSentAt(Date.now()),
        (error: unknown) => {
          if (isTransient(error)) void keep(fix);
        },
      );
    };
    const onError = (error: GeolocationPositionError) => {
      if (error.code === error.PERMISSION_DENIED) setState('denied');
      else if (error.code === error.POSITION_UNAVAILABLE) setState('unavailable');
    };
    const watch = navigator.geolocation.watchPosition(onPosition, onError, { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 });
    const online = () => void flushBuffer();
    window.addEventListener('online', online);
    void flushBuffer();
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.removeEventListener('online', online);
      setState('waiting');
    };
  }, [onDuty, userId, supported]);

  return { state: !onDuty ? 'off' : !supported ? 'unsupported' : state, lastSentAt, lastFix } as const;
}
