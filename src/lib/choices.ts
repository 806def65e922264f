/**
 * A closed set of values a form offers (a select's options) with the words each reads as. `label`
 * reads any stored text: a value this build does not know shows as itself.
 */
export interface Choices<V extends string> {
  readonly values: readonly V[];
  readonly labels: Readonly<Record<V, string>>;
  readonly options: { value: V; label: string }[];
  label(value: string): string;
}

export function defineChoices<V extends string>(values: readonly V[], labels: Record<V, string>): Choices<V> {
  return {
    values,
    labels,
    options: values.map((value) => ({ value, label: labels[value] })),
    label: (value) => ((values as readonly string[]).includes(value) ? labels[value as V] : value),
  };
}
