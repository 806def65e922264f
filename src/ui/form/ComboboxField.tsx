import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { Lookup, LookupOption } from '../../lib/lookup-option';
import { useRecordLoad } from '../../lib/use-record-load';
import { CheckIcon, CloseIcon } from '../icons';
import { useBoundField, type BoundFieldProps } from './bind';
import { controlClassName, describedBy, FieldFrame } from './FieldFrame';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';

/** Lookups ask for 10 rows with the search term. */
export const LOOKUP_LIMIT = 10;
export const LOOKUP_DEBOUNCE_MS = 400;

export type { LookupOption };

/** A server lookup: `limit` is the screen's to send (10 unless told); `signal` aborts a superseded request. */
export type LookupSearch = (term: string, signal: AbortSignal, limit: number) => Promise<LookupOption[]>;

export interface ComboboxFieldProps<T extends FieldValues, N extends FieldPath<T>, O> extends BoundFieldProps<T, N, O> {
  search: LookupSearch;
  /** Several values (the form holds string[]) instead of one (string, or null for none). */
  multiple?: boolean;
  /** The label of a value the form already holds (on edit), when no initialOptions name it. */
  resolveLabel?: (value: string) => Promise<string | null>;
  /** Options whose labels are known up front, e.g. the record's current choice from its embedded row. */
  initialOptions?: readonly LookupOption[];
  limit?: number;
  debounceMs?: number;
  placeholder?: string;
}

type Status = 'idle' | 'loading' | 'done' | 'failed';

/**
 * A combobox over a server lookup (Headless UI): typing searches after a pause, the previous
 * request is aborted, a failed lookup shows 'No results' with Retry (lookup failures
 * return an empty list silently), and a value the form already holds is shown by its label.
 */
export function ComboboxField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  search,
  multiple = false,
  resolveLabel,
  initialOptions = [],
  limit = LOOKUP_LIMIT,
  debounceMs = LOOKUP_DEBOUNCE_MS,
  placeholder,
  label,
  required,
  help,
  disabled,
  className,
}: ComboboxFieldProps<T, N, O>) {
  const t = useT(uiMessages);
  const { fieldRef, field, error, id } = useBoundField({ name, control });
  const [labels, setLabels] = useState(() => new Map(initialOptions.map((option) => [option.value, option.label])));
  const [term, setTerm] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const searchRef = useRef(search);
  const resolveRef = useRef(resolveLabel);
  useEffect(() => {
    searchRef.current = search;
    resolveRef.current = resolveLabel;
  });

  const values: string[] = multiple
    ? ((field.value as string[] | null | undefined) ?? [])
    : field.value == null || field.value === ''
      ? []
      : [String(field.value)];
  const missing = values.filter((value) => !labels.has(value)).join('\n');

  // On edit the form holds ids: look their labels up once (an id whose lookup fails shows as itself).
  // Keyed by the ids still missing: answers for a set of ids the field has left are dropped.
  useRecordLoad<[string, string][]>(missing && resolveLabel ? missing : null, () => {
    const resolve = resolveRef.current;
    if (!resolve) return Promise.resolve(null);
    return Promise.all(missing.split('\n').map((value) => resolve(value).then((found): [string, string] => [value, found ?? value], (): [string, string] => [value, value])));
  }, {
    onLoad: (found) =>
      setLabels((current) => {
        const next = new Map(current);
        for (const [value, label] of found ?? []) next.set(value, label);
        return next;
      }),
  });

  // A typed search rather than a read: its last options stay shown while the next term waits out the pause,
  // and the superseded request is aborted (as useServerList does).
  useEffect(() => {
    if (term === null) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchRef.current(term.trim(), controller.signal, limit).then(
        (found) => {
          if (controller.signal.aborted) return;
          setOptions(found.slice(0, limit));
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
  }, [term, attempt, limit, debounceMs]);

  /** A new search; 'Searching…' shows at once, the request goes after the pause. */
  const searchFor = (next: string) => {
    setStatus('loading');
    setTerm(next);
  };

  const optionOf = (value: string): LookupOption => ({ value, label: labels.get(value) ?? '' });
  const remember = (chosen: LookupOption[]) =>
    setLabels((current) => {
      const next = new Map(current);
      for (const option of chosen) next.set(option.value, option.label);
      return next;
    });

  const onChange = (chosen: LookupOption | LookupOption[] | null) => {
    if (Array.isArray(chosen)) {
      remember(chosen);
      field.onChange(chosen.map((option) => option.value));
      setTerm(null);
    } else {
      if (chosen) remember([chosen]);
      field.onChange(chosen ? chosen.value : null);
    }
  };

  const loadingLabel = missing !== '' && resolveLabel !== undefined;
  const panel = (
    <ComboboxOptions
      // Not modal: the list opens on focus, and the form focuses the first invalid field after a failed
      // submit; a modal list would then make the rest of the form inert until Escape.
      modal={false}
      className={
        'absolute z-50 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible ' +
        'dark:border-slate-700 dark:bg-slate-900'
      }
    >
      {status === 'loading' && options.length === 0 && (
        <div role="status" className="px-3 py-2 text-slate-500 dark:text-slate-400">
          {t('field.searching')}
        </div>
      )}
      {(status === 'done' || status === 'failed') && options.length === 0 && (
        <div className="flex items-center justify-between gap-2 px-3 py-2 text-slate-500 dark:text-slate-400">
          <span role="status">{t('field.noResults')}</span>
          {status === 'failed' && (
            <button
              type="button"
              // Keep focus in the input, so the list stays open.
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
          key={option.value}
          value={option}
          className="group flex cursor-pointer items-start gap-2 px-3 py-2 text-slate-900 data-focus:bg-slate-100 dark:text-slate-100 dark:data-focus:bg-slate-800"
        >
          <CheckIcon className="invisible size-4 shrink-0 translate-y-0.5 group-data-selected:visible" />
          <span>
            <span className="block">{option.label}</span>
            {option.description && <span className="block text-xs text-slate-500 dark:text-slate-400">{option.description}</span>}
          </span>
        </ComboboxOption>
      ))}
    </ComboboxOptions>
  );

  // Headless UI's ComboboxInput sets aria-describedby from its own Description context and drops
  // ours, so the help and the error under the field are put back on the input after each render.
  const description = describedBy(id, help, error);
  useLayoutEffect(() => {
    const element = document.getElementById(id);
    if (!element) return;
    if (description) element.setAttribute('aria-describedby', description);
    else element.removeAttribute('aria-describedby');
  });

  const input = (displayValue?: (option: LookupOption | null) => string) => (
    <ComboboxInput<LookupOption | null>
      id={id}
      ref={fieldRef}
      name={field.name}
      autoComplete="off"
      placeholder={loadingLabel ? t('loading') : placeholder}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      displayValue={displayValue}
      onChange={(event) => searchFor(event.target.value)}
      onKeyDown={(event) => {
        // Enter picks a listed option. While the lookup is still searching there is none to pick: the
        // list would close and drop the typed term, or (closed) the form would submit and focus its
        // first invalid field. Enter then does nothing; the options arrive and Enter picks one.
        if (event.key === 'Enter' && status === 'loading' && term !== null) event.preventDefault();
      }}
      onFocus={() => {
        if (term === null) searchFor('');
      }}
      onBlur={field.onBlur}
      className={`${controlClassName(error)} pr-9`}
    />
  );

  return (
    <FieldFrame id={id} label={label} required={required} help={help} error={error} className={className}>
      {multiple ? (
        <Combobox multiple by="value" value={values.map(optionOf)} onChange={onChange} disabled={disabled} immediate>
          {values.length > 0 && (
            <ul aria-label={t('field.chosen', { label })} className="mb-2 flex flex-wrap gap-1.5">
              {values.map((value) => (
                <li
                  key={value}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                >
                  {labels.get(value) ?? '…'}
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={t('field.removeItem', { name: labels.get(value) ?? value })}
                    onClick={() => field.onChange(values.filter((other) => other !== value))}
                    className="rounded-full p-0.5 hover:bg-slate-200 dark:hover:bg-slate-700"
                  >
                    <CloseIcon className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="relative">
            {input(() => term ?? '')}
            {panel}
          </div>
        </Combobox>
      ) : (
        <Combobox by="value" value={values[0] ? optionOf(values[0]) : null} onChange={onChange} onClose={() => setTerm(null)} disabled={disabled} immediate>
          <div className="relative">
            {input((option) => option?.label ?? '')}
            {values.length > 0 && !required && !disabled && (
              <button
                type="button"
                aria-label={t('field.clear', { label })}
                onClick={() => field.onChange(null)}
                className="absolute inset-y-0 right-8 flex items-center px-1 text-slate-400 hover:text-slate-600 dark:hover:text-slate-200"
              >
                <CloseIcon className="size-4" />
              </button>
            )}
            <ComboboxButton aria-label={t('field.showOptions', { label })} className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-400">
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
                <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.4a.75.75 0 0 1-1.08 0l-4.25-4.4a.75.75 0 0 1 .02-1.06z" />
              </svg>
            </ComboboxButton>
            {panel}
          </div>
        </Combobox>
      )}
    </FieldFrame>
  );
}

export interface LookupFieldProps<T extends FieldValues, N extends FieldPath<T>, O> extends Omit<ComboboxFieldProps<T, N, O>, 'search' | 'resolveLabel'> {
  /** A lookup as src/data declares it (`warehouseLookup(tenantId)`): its search and how a stored id reads. */
  lookup: Lookup;
}

/** A combobox field over one of src/data's lookups: the field a form uses to pick a record of another table. */
export function LookupField<T extends FieldValues, N extends FieldPath<T>, O = T>({ lookup, ...props }: LookupFieldProps<T, N, O>) {
  return <ComboboxField<T, N, O> {...props} search={lookup.search} resolveLabel={lookup.resolveLabel} />;
}
