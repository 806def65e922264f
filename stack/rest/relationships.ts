import { RestError } from './errors.ts';
import { fuzzyClosest, fuzzyMatches } from './fuzzy.ts';
import type { Relationship, SchemaCache, Table } from './schema-cache.ts';

/** One entry of PGRST201's details, as PostgREST's compressedRel words it. */
function describe(r: Relationship): { cardinality: string; embedding: string; relationship: string } {
  const cols = (t: Table, c: string[]) => `${t.name}(${c.join(', ')})`;
  if (r.computed) return { cardinality: r.cardinality, embedding: `${r.source.name} with ${r.target.name}`, relationship: `${r.computed.name}(${r.source.name})` };
  const relationship = r.junction
    ? `${r.junction.table.name} using ${r.junction.sourceConstraint}(${r.junction.sourceFk.join(', ')}) and ${r.junction.targetConstraint}(${r.junction.targetFk.join(', ')})`
    : `${r.constraint} using ${cols(r.source, r.sourceColumns)} and ${cols(r.target, r.targetColumns)}`;
  return { cardinality: r.cardinality, embedding: `${r.source.name} with ${r.target.name}`, relationship };
}

export function isToOne(r: Relationship): boolean {
  return r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one';
}

/** The foreign key's single column on the embedding side (`client_id` of projects -> clients). */
const fkColumn = (r: Relationship, name: string) => !r.junction && r.sourceColumns.length === 1 && r.sourceColumns[0] === name;
/** The foreign key's single column on the embedded side (`id` of clients). */
const fkRefColumn = (r: Relationship, name: string) => !r.junction && r.targetColumns.length === 1 && r.targetColumns[0] === name;
const constraintIs = (r: Relationship, name: string) => !r.junction && r.constraint === name;
const targetIsView = (r: Relationship) => r.target.kind === 'v' || r.target.kind === 'm';

/**
 * PostgREST's findRel: which relationships `name!hint` can mean. A self-referencing foreign key
 * gives two relationships: the table's name embeds the one-to-many side, the column's name the
 * many-to-one side, and a hint names the column of the one-to-many side. Otherwise the name is
 * the target table (or, without a hint, a constraint or foreign key column, not towards a view),
 * and a hint is a constraint, a foreign key column of either side, or a junction table.
 */
function matches(r: Relationship, name: string, hint: string | undefined): boolean {
  if (r.computed) return r.computed.name === name;
  const self = !r.junction && r.source === r.target;
  if (self) {
    if (hint === undefined) {
      return (r.target.name === name && r.cardinality === 'one-to-many') || (fkColumn(r, name) && r.cardinality === 'many-to-one');
    }
    return r.target.name === name && r.cardinality === 'one-to-many' && fkRefColumn(r, hint);
  }
  if (hint === undefined) {
    return r.target.name === name || (constraintIs(r, name) && !targetIsView(r)) || (fkColumn(r, name) && !targetIsView(r));
  }
  return r.target.name === name && (constraintIs(r, hint) || fkColumn(r, hint) || fkRefColumn(r, hint) || r.junction?.table.name === hint);
}

/**
 * PostgREST's noRelBetweenHint, a fuzzy match: when the parent has relationships, the closest other
 * name among the tables it relates to (none when the name is one of them, as with a wrong hint); when
 * it has none, the closest table that has some, in place of the parent.
 */
function noRelationshipHint(cache: SchemaCache, parent: Table, name: string): string | null {
  const own = parent.relationships.filter((r) => r.target.schema === parent.schema).map((r) => r.target.name);
  if (own.length > 0) {
    const child = fuzzyMatches(own, name).find((m) => m.score < 1)?.entry;
    return child === undefined ? null : `Perhaps you meant '${child}' instead of '${name}'.`;
  }
  const parents = [...cache.tables.values()].filter((t) => t.schema === parent.schema && t.relationships.some((r) => r.target.schema === parent.schema));
  const other = fuzzyClosest(
    parents.map((t) => t.name),
    parent.name,
  );
  return other === null ? null : `Perhaps you meant '${other}' instead of '${parent.name}'.`;
}

/** PostgREST's relationship resolution: by target name (or FK column / constraint), then the hint. */
export function findRelationship(cache: SchemaCache, parent: Table, name: string, hint: string | undefined): Relationship {
  const candidates = parent.relationships.filter((r) => r.target.schema === parent.schema && matches(r, name, hint));
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    const shown = hint === undefined ? name : `${name}!${hint}`;
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${shown}' in the schema cache`,
      hint === undefined
        ? `Searched for a foreign key relationship between '${parent.name}' and '${name}' in the schema '${parent.schema}', but no matches were found.`
        : `Searched for a foreign key relationship between '${parent.name}' and '${name}' using the hint '${hint}' in the schema '${parent.schema}', but no matches were found.`,
      noRelationshipHint(cache, parent, name),
    );
  }
  const hints = candidates.map((r) => `'${name}!${r.junction ? r.junction.table.name : r.constraint}'`);
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    candidates.map(describe),
    `Try changing '${name}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
