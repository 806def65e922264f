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
