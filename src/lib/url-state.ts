import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ListDefinition, ListState } from './list-state';

export interface StateChangeOptions {
  /** Replace the history entry instead of adding one: for typing, so Back skips keystrokes. */
  replace?: boolean;
}

export type ListStateChange<F> = (next: ListState<F>, options?: StateChangeOptions) => void;

/** What DataTable takes as `state`, `onStateChange` and `definition`: spread it onto the table. */
export interface ListUrlState<F> {
  state: ListState<F>;
  onStateChange: ListStateChange<F>;
  definition: ListDefinition<F>;
}

/**
 * A list's state, read from and written to the current URL's query string through wouter.
 * Writes push a history entry (page, sort, filters: Back undoes them) unless told to replace.
 * `definition` must be a module-level constant (from defineList).
 */
export function useListUrlState<F>(definition: ListDefinition<F>): ListUrlState<F> {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => definition.parse(search), [definition, search]);
  // The page this list was rendered on. A debounced write (search typing) can fire after the user has
  // navigated away while the old page is still on screen (a lazy page loading): it must not pull them back.
  const renderedOn = window.location.pathname;
  const onStateChange = useCallback<ListStateChange<F>>(
    (next, options) => {
      if (window.location.pathname !== renderedOn) return;
      const query = definition.write(next, search).toString();
      if (query === new URLSearchParams(search).toString()) return;
      navigate(query ? `${location}?${query}` : location, { replace: options?.replace ?? false });
    },
    [definition, search, location, navigate, renderedOn],
  );
  return { state, onStateChange, definition };
}
