/** The colours a status may take. The text carries the meaning; the colour only repeats it. */
export type StatusTone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

/**
 * What a screen says for each value of a status (or of any closed set of values shown as a chip):
 * its words and its colour, and the choices of a filter or a select, in the machine's order.
 * `label` and `tone` read any stored text, so a value this build does not know yet still shows.
 */
export interface StatusVocabulary<S extends string = string> {
  readonly values: readonly S[];
  readonly labels: Readonly<Record<S, string>>;
  readonly tones: Readonly<Record<S, StatusTone>>;
  readonly options: { value: S; label: string }[];
  label(value: string): string;
  tone(value: string): StatusTone;
}

/** 'picked_up' reads 'Picked up': the words of a value no vocabulary names. */
export function humanizeStatus(value: string): string {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A vocabulary over `values` (their order is the options' order), each with its words and its tone. */
export function defineStatuses<S extends string>(
  values: readonly S[],
  words: { labels: Record<S, string>; tones: Record<S, StatusTone> },
): StatusVocabulary<S> {
  const { labels, tones } = words;
  const known = (value: string): value is S => (values as readonly string[]).includes(value);
  return {
    values,
    labels,
    tones,
    options: values.map((value) => ({ value, label: labels[value] })),
    label: (value) => (known(value) ? labels[value] : humanizeStatus(value)),
    tone: (value) => (known(value) ? tones[value] : 'neutral'),
  };
}

/**
 * The same vocabulary in other words (a screen's language): labels, options and `label` from
 * `word(value)`, tones and order kept; a stored value it does not know still reads as itself.
 */
export function relabelStatuses<S extends string>(vocabulary: StatusVocabulary<S>, word: (value: S) => string): StatusVocabulary<S> {
  const labels = Object.fromEntries(vocabulary.values.map((value) => [value, word(value)])) as Record<S, string>;
  const known = (value: string): value is S => (vocabulary.values as readonly string[]).includes(value);
  return {
    ...vocabulary,
    labels,
    options: vocabulary.values.map((value) => ({ value, label: labels[value] })),
    label: (value) => (known(value) ? labels[value] : vocabulary.label(value)),
  };
}
