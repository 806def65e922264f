import { RestError } from './errors.ts';
import type { Relationship, SchemaCache, Table } from './schema-cache.ts';

function describe(r: Relationship): { cardinality: string; embedding: string; relationship: string } {
  const cols = (t: Table, c: string[]) => `${t.name}(${c.join(', ')})`;
  const relationship = r.junction
    ? `${r.junction.table.name} using ${r.junction.sourceConstraint}(${r.junction.sourceFk.join(', ')}) and ${r.junction.targetConstraint}(${r.junction.targetFk.join(', ')})`
    : r.forward
      ? `${r.constraint} using ${cols(r.source, r.sourceColumns)} and ${cols(r.target, r.targetColumns)}`
      : `${r.constraint} using ${cols(r.target, r.targetColumns)} and ${cols(r.source, r.sourceColumns)}`;
  return { cardinality: r.cardinality, embedding: `${r.source.name} with ${r.target.name}`, relationship };
}

export function isToOne(r: Relationship): boolean {
  return r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one';
}

function matchesTarget(r: Relationship, name: string): boolean {
  if (r.target.name === name) return true;
  if (r.junction) return false;
  // PostgREST also embeds through a foreign key column (`billing_address_id(*)`) or the constraint's name.
  if (r.forward) {
    if (r.sourceColumns.length === 1 && r.sourceColumns[0] === name && r.source.columns.has(name)) return true;
  }
  return r.constraint === name;
}

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.junction) return r.junction.table.name === hint || r.junction.sourceConstraint === hint || r.junction.targetConstraint === hint;
  if (r.constraint === hint) return true;
  if (r.sourceColumns.length === 1 && r.sourceColumns[0] === hint) return true;
  if (r.targetColumns.length === 1 && r.targetColumns[0] === hint) return true;
  return r.target.name === hint;
}

/** PostgREST's relationship resolution: by target name (or FK column / constraint), then the hint. */
export function findRelationship(cache: SchemaCache, parent: Table, name: string, hint: string | undefined): Relationship {
  let candidates = parent.relationships.filter((r) => r.target.schema === parent.schema && matchesTarget(r, name));
  if (hint !== undefined) candidates = candidates.filter((r) => matchesHint(r, hint));
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    const shown = hint === undefined ? name : `${name}!${hint}`;
    const other = [...cache.tables.values()].find((t) => t.schema === parent.schema && t.name.toLowerCase() === name.toLowerCase() && t.name !== name);
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${shown}' in the schema cache`,
      hint === undefined
        ? `Searched for a foreign key relationship between '${parent.name}' and '${name}' in the schema '${parent.schema}', but no matches were found.`
        : `Searched for a foreign key relationship between '${parent.name}' and '${name}' using the hint '${hint}' in the schema '${parent.schema}', but no matches were found.`,
      other ? `Perhaps you meant '${other.name}' instead of '${name}'.` : null,
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
