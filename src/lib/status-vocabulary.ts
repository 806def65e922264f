import { useMemo } from 'react';
import { useT, type Catalogue } from './i18n/catalogue';

/** The colours a status may take. The text carries the meaning; the colour only repeats it. */
export type StatusTone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

/** Where a vocabulary's words live: a catalogue, and the key of each value's words in it. */
export interface StatusWords<S extends string = string> {
  readonly catalogue: Catalogue;
  readonly keys: Readonly<Record<S, string>>;
}

/**
 * What a screen says for each value of a status (or of any closed set of values shown as a chip):
 * its words and its colour, and the choices of a filter or a select, in the machine's order.
 * `label` and `tone` read any stored text, so a value this build does not know yet still shows.
 * The words are English; `words` (when the vocabulary is catalogued) gives them in the page's
 * language through `useStatuses`, and the kit's chips read it themselves.
 */
export interface StatusVocabulary<S extends string = string> {
  readonly values: readonly S[];
  readonly labels: Readonly<Record<S, string>>;
  readonly tones: Readonly<Record<S, StatusTone>>;
  readonly options: { value: S; label: string }[];
  label(value: string): string;
  tone(value: string): StatusTone;
  readonly words?: StatusWords<S>;
}

/** 'picked_up' reads 'Picked up': the words of a value no vocabulary names. */
export function humanizeStatus(value: string): string {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A vocabulary whose words come from a catalogue, so that it speaks every language. */
export type CataloguedVocabulary<S extends string = string> = StatusVocabulary<S> & { readonly words: StatusWords<S> };

type Spec<S extends string, K extends string> =
  | { labels: Record<S, string>; tones: Record<S, StatusTone> }
  /** The words from a catalogue (its English the labels): one key per value. */
  | { words: { catalogue: Catalogue<K>; keys: Record<S, K> }; tones: Record<S, StatusTone> }
  /** The words from a catalogue whose keys are `<prefix>.<value>`. */
  | { words: { catalogue: Catalogue<K>; prefix: string }; tones: Record<S, StatusTone> };

/** Each value's key in a catalogue that words a vocabulary as `<prefix>.<value>` ('delivery.picked_up'). */
function prefixedKeys<S extends string>(values: readonly S[], prefix: string): Record<S, string> {
  return Object.fromEntries(values.map((value) => [value, `${prefix}.${value}`])) as Record<S, string>;
}

/**
 * A vocabulary over `values` (their order is the options' order), each with its words and its tone.
 * The words are English `labels`, or a catalogue's: each value's key named in `keys`, or, where a
 * catalogue keys a machine's values as `<prefix>.<value>`, its `prefix` (the catalogue must have
 * every such key: a missing one does not compile).
 */
export function defineStatuses<S extends string, P extends string>(
  values: readonly S[],
  spec: { words: { catalogue: Catalogue<`${NoInfer<P>}.${NoInfer<S>}`>; prefix: P }; tones: Record<S, StatusTone> },
): CataloguedVocabulary<S>;
export function defineStatuses<S extends string, K extends string>(values: readonly S[], spec: { words: { catalogue: Catalogue<K>; keys: Record<S, K> }; tones: Record<S, StatusTone> }): CataloguedVocabulary<S>;
export function defineStatuses<S extends string>(values: readonly S[], spec: { labels: Record<S, string>; tones: Record<S, StatusTone> }): StatusVocabulary<S>;
export function defineStatuses<S extends string, K extends string>(values: readonly S[], spec: Spec<S, K>): StatusVocabulary<S> {
  if ('labels' in spec) return buildVocabulary(values, spec.labels, spec.tones);
  const catalogue: Catalogue = spec.words.catalogue;
  const keys: Record<S, string> = 'prefix' in spec.words ? prefixedKeys(values, spec.words.prefix) : spec.words.keys;
  const labels = Object.fromEntries(values.map((value) => [value, catalogue.en[keys[value]]])) as Record<S, string>;
  return buildVocabulary(values, labels, spec.tones, { catalogue, keys });
}

function buildVocabulary<S extends string>(values: readonly S[], labels: Record<S, string>, tones: Record<S, StatusTone>, words?: StatusWords<S>): StatusVocabulary<S> {
  const known = (value: string): value is S => (values as readonly string[]).includes(value);
  return {
    values,
    labels,
    tones,
    options: values.map((value) => ({ value, label: labels[value] })),
    label: (value) => (known(value) ? labels[value] : humanizeStatus(value)),
    tone: (value) => (known(value) ? tones[value] : 'neutral'),
    ...(words ? { words } : {}),
  };
}

/**
 * The same vocabulary in other words (a screen's language): labels, options and `label` from
 * `word(value)`, tones and order kept; a stored value it does not know still reads as itself. The
 * result carries no catalogue: its words are final.
 */
export function relabelStatuses<S extends string>(vocabulary: StatusVocabulary<S>, word: (value: S) => string): StatusVocabulary<S> {
  const labels = Object.fromEntries(vocabulary.values.map((value) => [value, word(value)])) as Record<S, string>;
  const known = (value: string): value is S => (vocabulary.values as readonly string[]).includes(value);
  const { words: _words, ...rest } = vocabulary;
  return {
    ...rest,
    labels,
    options: vocabulary.values.map((value) => ({ value, label: labels[value] })),
    label: (value) => (known(value) ? labels[value] : vocabulary.label(value)),
  };
}

/**
 * A catalogued vocabulary in the page's language (its labels, options and `label`), tones and order
 * kept, an unknown stored value still shown as itself. The first screen in a language waits
 * (Suspense) for the words, like any catalogue.
 */
export function useStatuses<S extends string>(vocabulary: CataloguedVocabulary<S>): StatusVocabulary<S> {
  const t = useT(vocabulary.words.catalogue);
  return useMemo(() => relabelStatuses(vocabulary, (value) => t(vocabulary.words.keys[value])), [t, vocabulary]);
}
