import { describe, expect, it } from 'vitest';
import { parseSelect } from './query-parser.ts';
import { buildNode } from './read-plan.ts';
import type { Column, Relationship, SchemaCache, Table } from './schema-cache.ts';
import { representationColumns } from './write.ts';

function table(name: string, cols: string[], primaryKey: string[]): Table {
  const columnList: Column[] = cols.map((c) => ({
    name: c,
    type: '"pg_catalog"."text"',
    arrayType: null,
    typeName: 'text',
    nullable: true,
    defaultExpr: null,
    identity: false,
    generated: false,
  }));
  return { oid: 0, schema: 'public', name, kind: 'r', columns: new Map(columnList.map((c) => [c.name, c])), columnList, primaryKey, uniques: [primaryKey], relationships: [] };
}

// projects.client_id -> clients.id; tasks.project_id -> projects.id; projects <-> users through members.
const clients = table('clients', ['id', 'name'], ['id']);
const projects = table('projects', ['id', 'name', 'client_id', 'secret'], ['id']);
const tasks = table('tasks', ['id', 'project_id', 'title'], ['id']);
const users = table('users', ['id', 'email'], ['id']);
const members = table('members', ['project_id', 'user_id'], ['project_id', 'user_id']);
const fk = (source: Table, target: Table, sourceColumns: string[], targetColumns: string[], forward: boolean): Relationship => ({
  cardinality: forward ? 'many-to-one' : 'one-to-many',
  forward,
  constraint: `${source.name}_${target.name}_fk`,
  source,
  target,
  sourceColumns,
  targetColumns,
});
projects.relationships.push(fk(projects, clients, ['client_id'], ['id'], true), fk(projects, tasks, ['id'], ['project_id'], false), {
  cardinality: 'many-to-many',
  forward: false,
  constraint: 'members',
  source: projects,
  target: users,
  sourceColumns: ['id'],
  targetColumns: ['id'],
  junction: { table: members, sourceFk: ['project_id'], sourceRef: ['id'], targetFk: ['user_id'], targetRef: ['id'], sourceConstraint: 'm_p', targetConstraint: 'm_u' },
});
const cache: SchemaCache = {
  schemas: ['public'],
  tables: new Map([clients, projects, tasks, users, members].map((t) => [`public.${t.name}`, t])),
  functions: new Map(),
  roles: new Set(),
};

const columnsFor = (select: string) => representationColumns(projects, buildNode(cache, projects, parseSelect(select), { n: 0 }));

describe('representationColumns (what a mutation RETURNs)', () => {
  it('returns the selected columns and the primary key, once each', () => {
    expect(columnsFor('name')).toEqual(['name', 'id']);
    expect(columnsFor('label:name,id,name::text')).toEqual(['name', 'id']);
  });

  it('adds the columns embedded resources join on, which the select may leave out', () => {
    expect(columnsFor('name,clients(name)')).toEqual(['name', 'client_id', 'id']);
    expect(columnsFor('name,...clients(client_name:name)')).toEqual(['name', 'client_id', 'id']);
    expect(columnsFor('tasks(title)')).toEqual(['id']);
    expect(columnsFor('name,users(email)')).toEqual(['name', 'id']);
  });

  it('returns the whole row for a star, as PostgREST does', () => {
    expect(columnsFor('*')).toBeNull();
    expect(columnsFor('*,clients(name)')).toBeNull();
  });

  it('refuses an unknown column (42703) before any SQL is built', () => {
    expect(() => columnsFor('nope')).toThrow(expect.objectContaining({ status: 400 }));
  });
});
