import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { Button } from '../Button';
import { uiMessages } from '../messages';
import { TextField } from '../TextField';
import type { LngLatTuple } from './basemap';

export const formatLngLat = ([lng, lat]: LngLatTuple) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

/** Picking by typing, for browsers that cannot draw the map. */
export function PointInput({ value, onPick }: { value: LngLatTuple | null; onPick: (lng: number, lat: number) => void }) {
  const t = useT(uiMessages);
  const [latitude, setLatitude] = useState(value ? String(value[1]) : '');
  const [longitude, setLongitude] = useState(value ? String(value[0]) : '');
  const [errors, setErrors] = useState<{ latitude?: string; longitude?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lat = Number(latitude);
    const lng = Number(longitude);
    const next: typeof errors = {};
    if (latitude.trim() === '' || !Number.isFinite(lat) || lat < -90 || lat > 90) next.latitude = t('point.badLatitude');
    if (longitude.trim() === '' || !Number.isFinite(lng) || lng < -180 || lng > 180) next.longitude = t('point.badLongitude');
    setErrors(next);
    if (!next.latitude && !next.longitude) onPick(lng, lat);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('point.form')} className="flex flex-wrap items-start gap-3">
      <TextField
        label={t('point.latitude')}
        inputMode="decimal"
        value={latitude}
        onChange={(event) => setLatitude(event.target.value)}
        error={errors.latitude}
        className="w-40"
      />
      <TextField
        label={t('point.longitude')}
        inputMode="decimal"
        value={longitude}
        onChange={(event) => setLongitude(event.target.value)}
        error={errors.longitude}
        className="w-40"
      />
      <Button type="submit" variant="secondary" className="mt-7">
        {t('point.use')}
      </Button>
      {value && (
        <p role="status" className="w-full text-slate-600 dark:text-slate-400">
          {t('point.picked', { point: formatLngLat(value) })}
        </p>
      )}
    </form>
  );
}
