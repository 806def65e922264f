/**
 * Each name of `names` keyed to `<prefix><name>`: a catalogue's keys that follow one typed list (a
 * table's noun, `noun.<table>`) derived from it instead of restated entry for entry. The catalogue
 * check does not see derived keys in the code, so it is told of each such map by name.
 */
export function prefixedKeys<N extends string, P extends string>(names: readonly N[], prefix: P): { readonly [K in N]: `${P}${K}` } {
  return Object.fromEntries(names.map((name) => [name, `${prefix}${name}`])) as { [K in N]: `${P}${K}` };
}
