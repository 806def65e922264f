/**
 * One choice of a server lookup, as the kit's Combobox shows it. It lives below src/ui and
 * src/data so that both speak it: src/data builds the options, src/ui renders them.
 */
export interface LookupOption {
  value: string;
  label: string;
  /** A second line, e.g. a code or an address. */
  description?: string;
}

/**
 * A server lookup as a combobox field or filter takes it, declared once beside its reads in
 * src/data: `search` finds options for a term, `resolveLabel` reads the label of a stored value.
 */
export interface Lookup {
  search: (term: string, signal: AbortSignal, limit: number) => Promise<LookupOption[]>;
  resolveLabel: (value: string) => Promise<string | null>;
}

/**
 * A record's current choice as a lookup field's `initialOptions`: its id and the name its row
 * embeds, or none when either is missing (the field then reads the label by id).
 */
export function currentOption(value: string | null | undefined, label: string | null | undefined): LookupOption[] {
  return value && label ? [{ value, label }] : [];
}
