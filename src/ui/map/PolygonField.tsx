import type { FieldPath, FieldValues } from 'react-hook-form';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { useBoundField, type BoundFieldProps } from '../form/bind';
import { labelClassName } from '../form/FieldFrame';
import type { TenantMapCentre } from './basemap';
import { MapView } from './MapView';
import { PolygonDrawLayer, PolygonPointList } from './PolygonDraw';
import type { DrawState } from './polygon-draw';

export interface PolygonFieldProps<T extends FieldValues, N extends FieldPath<T>, O> extends BoundFieldProps<T, N, O> {
  /** Fill and outline colour. */
  color?: string;
  defaultCenter?: TenantMapCentre | null;
  mapboxToken?: string | null;
  /** Map height (the spec's 600 px by default). */
  height?: number | string;
  zoom?: number;
}

/**
 * A form field holding a drawn outline (a DrawState): the map to draw on (PolygonDrawLayer)
 * beside the outline's points as text (PolygonPointList: keyboard, and browsers without WebGL).
 * The schema turns the drawing into GeoJSON and says what is wrong with it (drawingProblem).
 */
export function PolygonField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  required,
  help,
  color,
  defaultCenter,
  mapboxToken,
  height = 480,
  zoom = 12,
  className,
}: PolygonFieldProps<T, N, O>) {
  const { fieldRef, field, error, id } = useBoundField({ name, control });
  const t = useT(uiMessages);
  const value = field.value as DrawState;
  const onChange = (next: DrawState) => {
    field.onChange(next);
    field.onBlur();
  };
  return (
    <fieldset
      ref={fieldRef}
      tabIndex={-1}
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : help ? `${id}-help` : undefined}
      aria-invalid={error ? true : undefined}
      className={`space-y-2 focus:outline-none ${className ?? ''}`}
    >
      <legend id={`${id}-label`} className={labelClassName(required)}>
        {label}
      </legend>
      {help && (
        <p id={`${id}-help`} className="text-xs text-slate-500 dark:text-slate-400">
          {help}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)]">
        <MapView defaultCenter={defaultCenter} mapboxToken={mapboxToken} height={height} zoom={zoom} label={t('outline.mapLabel', { label })}>
          <PolygonDrawLayer value={value} onChange={onChange} color={color} />
        </MapView>
        <PolygonPointList value={value} onChange={onChange} error={error} errorId={`${id}-error`} />
      </div>
    </fieldset>
  );
}
