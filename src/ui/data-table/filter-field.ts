import type { Dispatch, SetStateAction } from 'react';

/** One filter of a drawer's draft as a filter control's `value` and `onChange`: `<FilterSelect label options {...field('status')} />`. */
export type FilterField<F> = <K extends keyof F>(key: K) => { value: F[K]; onChange: (value: F[K]) => void };

/**
 * What DataTable hands its `filterFields`: the drawer's draft, its setter, and `field` bound to both.
 * One object, so a screen names only what it uses (`({ field }) => …`).
 */
export interface FilterFieldsArgs<F> {
  draft: F;
  setDraft: Dispatch<SetStateAction<F>>;
  field: FilterField<F>;
}

/** Binds the filter controls of a drawer to its draft, one filter each (DataTable hands it to `filterFields`). */
export function filterField<F>(draft: F, setDraft: Dispatch<SetStateAction<F>>): FilterField<F> {
  return (key) => ({ value: draft[key], onChange: (value) => setDraft((current) => ({ ...current, [key]: value })) });
}
