import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { GeocodedPlace, Geocoder, PlaceSuggestion } from '../../lib/geocoding';
import { useT } from '../../lib/i18n/catalogue';
import { pause, useRecordLoad } from '../../lib/use-record-load';
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
  // The suggestions of the last answer taken (kept while the next search loads).
  const [options, setOptions] = useState<PlaceSuggestion[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // The suggestion chosen last, numbered so that choosing it again looks it up again.
  const [chosen, setChosen] = useState<{ suggestion: PlaceSuggestion; count: number } | null>(null);
  const latest = useRef({ geocoder, proximity, onPlace });
  useEffect(() => {
    latest.current = { geocoder, proximity, onPlace };
  });

  // Keyed by the words typed: a search waits for typing to pause, and the answer to words typed
  // before never replaces the answer to the words now.
  const query = term.trim();
  const search = useRecordLoad<PlaceSuggestion[]>(
    query || null,
    async (signal) => {
      await pause(debounceMs, signal);
      return latest.current.geocoder.search(query, { signal, proximity: latest.current.proximity });
    },
    { loadingOnNewKey: true, onLoad: (found) => setOptions(found ?? []), onError: () => setOptions([]) },
  );
  const status: Status = !query ? 'idle' : search.state.status === 'loading' ? 'loading' : search.state.status === 'failed' ? 'failed' : 'done';
  const shown = query ? options : [];

  // Keyed by the choice: the place of a suggestion chosen before answers too late to be taken.
  useRecordLoad<GeocodedPlace>(chosen ? String(chosen.count) : null, (signal) => (chosen ? latest.current.geocoder.details(chosen.suggestion, { signal }) : Promise.resolve(null)), {
    onLoad: (place) => {
      if (place) latest.current.onPlace(place);
      else setFailure(t('place.gone'));
    },
    onError: () => setFailure(t('place.lookupFailed')),
  });

  const choose = (suggestion: PlaceSuggestion | null) => {
    if (!suggestion) return;
    setFailure(null);
    setChosen((previous) => ({ suggestion, count: (previous?.count ?? 0) + 1 }));
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
            onChange={(event) => setTerm(event.target.value)}
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
            {status === 'loading' && shown.length === 0 && (
              <div role="status" className="px-3 py-2 text-slate-500 dark:text-slate-400">
                {t('place.searching')}
              </div>
            )}
            {(status === 'done' || status === 'failed') && shown.length === 0 && (
              <div className="flex items-center justify-between gap-2 px-3 py-2 text-slate-500 dark:text-slate-400">
                <span role="status">{status === 'failed' ? t('place.failed') : t('place.none')}</span>
                {status === 'failed' && (
                  <button
                    type="button"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={search.retry}
                    className="rounded px-2 py-0.5 font-medium text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    {t('retry')}
                  </button>
                )}
              </div>
            )}
            {shown.map((option) => (
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
