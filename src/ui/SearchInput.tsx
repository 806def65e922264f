import type { InputHTMLAttributes } from 'react';
import { SearchIcon } from './icons';

export interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id: string;
  /** The field's name, for screen readers: on screen it shows only its placeholder. */
  label: string;
}

/**
 * A search field's parts: its label for screen readers, the magnifier inside its start and a native
 * search input. The caller gives the positioned wrapper (`relative`), the input's look and its behaviour.
 */
export function SearchInput({ id, label, ...input }: SearchInputProps) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-400">
        <SearchIcon className="size-4" />
      </span>
      <input id={id} type="search" {...input} />
    </>
  );
}
