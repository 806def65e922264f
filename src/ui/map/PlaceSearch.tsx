import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { GeocodedPlace, Geocoder, PlaceSuggestion } from '../../lib/geocoding';
import { useT } from '../../lib/i18n/catalogue';
import { controlClassName, labelClassName } from '../form/FieldFrame';
import { SearchIcon } from '../icons';
import { uiMessages } from '../messages';

/** Searches wait for typing to pause. */
export const PLACE_SEARCH_DEBOUNCE_MS = 400;

type Status = 'idle' | 'loading' | 'done' | 'failed';

export interface PlaceSearchProps {
  geocoder: Geocoder;
  /** The chosen place, resolved to coordinates and fields. */
  onPlace: (place: GeocodedPlace) => void;
  /** [lng, lat]: nearby places first. */
  proximity?: readonly [number, number] | null;
  label?: string;
  placeholder?: string;
  debounceMs?: number;
}

/**
 * Type a place, choose a suggestion, get its coordinates and address fields (whichever geocoder:
 * the offline gazetteer or Mapbox). A failed search says so with Retry; nothing is a toast.
 */
export function PlaceSearch({ geocoder, onPlace, proximity = null, label, placeholder, debounceMs = PLACE_SEARCH_DEBOUNCE_MS }: PlaceSearchProps) {
  const id = useId();
  const t = useT(uiMessages);
  const [term, setTerm] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [options, setOptions] = useState<PlaceSuggestion[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef({ geocoder, proximity, onPlace });
  useEffect(() => {
    latest.current = { geocoder, proximity, onPlace };
  });

  useEffect(() => {
    const query = term.trim();
    if (!query) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      latest.current.geocoder.search(query, { signal: controller.signal, proximity: latest.current.proximity }).then(
        (found) => {
          if (controller.signal.aborted) return;
          setOptions(found);
          setStatus('done');
        },
        () => {
          if (controller.signal.aborted) return;
          setOptions([]);
          setStatus('failed');
        },
      );
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term, attempt, debounceMs]);

  const choose = (suggestion: PlaceSuggestion | null) => {
    if (!suggestion) return;
    setFailure(null);
    latest.current.geocoder.details(suggestion).then(
      (place) => {
        if (place) latest.current.onPlace(place);
        else setFailure(t('place.gone'));
      },
      () => setFailure(t('place.lookupFailed')),
    );
  };

  return (
    <div>
      <label htmlFor={id} className={labelClassName(false)}>
        {label ?? t('place.label')}
      </label>
      <Combobox<PlaceSuggestion | null> value={null} onChange={choose} immediate={false}>
        <div className="relative mt-1.5">
          <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-400">
            <SearchIcon className="size-4" />
          </span>
          <ComboboxInput<PlaceSuggestion | null>
            id={id}
            autoComplete="off"
            placeholder={placeholder ?? (geocoder.knowsStreets ? t('place.streets') : t('place.cities'))}
            displayValue={() => term}
            onChange={(event) => {
              const next = event.target.value;
              setTerm(next);
              setStatus(next.trim() ? 'loading' : 'idle');
              if (!next.trim()) setOptions([]);
            }}
            className={`${controlClassName(undefined)} pl-9`}
          />
          <ComboboxOptions
            // Anchored in a floating layer: a dialog's scroll container never clips the suggestions.
            anchor="bottom start"
            modal={false}
            className={
              'z-50 max-h-64 w-(--input-width) overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] empty:invisible ' +
              'dark:border-slate-700 dark:bg-slate-900'
            }
          >
            {status === 'loading' && options.length === 0 && (
              <div role="status" className="px-3 py-2 text-slate-500 dark:text-slate-400">
                {t('place.searching')}
              </div>
            )}
            {(status === 'done' || status === 'failed') && options.length === 0 && (
              <div className="flex items-center justify-between gap-2 px-3 py-2 text-slate-500 dark:text-slate-400">
                <span role="status">{status === 'failed' ? t('place.failed') : t('place.none')}</span>
                {status === 'failed' && (
                  <button
                    type="button"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => {
                      setStatus('loading');
                      setAttempt((count) => count + 1);
                    }}
                    className="rounded px-2 py-0.5 font-medium text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    {t('retry')}
                  </button>
                )}
              </div>
            )}
            {options.map((option) => (
              <ComboboxOption
                key={option.id}
                value={option}
                className="cursor-pointer px-3 py-2 text-slate-900 data-focus:bg-slate-100 dark:text-slate-100 dark:data-focus:bg-slate-800"
              >
                <span className="block">{option.label}</span>
                {option.description && <span className="block text-xs text-slate-500 dark:text-slate-400">{option.description}</span>}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {failure && (
        <p role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {failure}
        </p>
      )}
    </div>
  );
}
