import type { SchemaCache } from './schema-cache.ts';

const JSON_TYPES: Record<string, { type: string; format?: string }> = {
  integer: { type: 'integer', format: 'integer' },
  smallint: { type: 'integer', format: 'smallint' },
  bigint: { type: 'integer', format: 'bigint' },
  numeric: { type: 'number', format: 'numeric' },
  real: { type: 'number', format: 'real' },
  'double precision': { type: 'number', format: 'double precision' },
  boolean: { type: 'boolean', format: 'boolean' },
  json: { type: 'object', format: 'json' },
  jsonb: { type: 'object', format: 'jsonb' },
};

/** The Swagger 2.0 description PostgREST serves at its root: tables, views and functions of the schema. */
export function openApiDocument(cache: SchemaCache, schema: string, host: string): unknown {
  const paths: Record<string, unknown> = { '/': { get: { produces: ['application/openapi+json', 'application/json'], responses: { '200': { description: 'OK' } } } } };
  const definitions: Record<string, unknown> = {};
  for (const t of cache.tables.values()) {
    if (t.schema !== schema) continue;
    const properties: Record<string, unknown> = {};
    for (const c of t.columnList) {
      properties[c.name] = { ...(JSON_TYPES[c.typeName] ?? { type: c.typeName.endsWith('[]') ? 'array' : 'string', format: c.typeName }), ...(c.defaultExpr ? { default: c.defaultExpr } : {}) };
    }
    definitions[t.name] = { type: 'object', required: t.columnList.filter((c) => !c.nullable && !c.defaultExpr).map((c) => c.name), properties };
    const ok = { '200': { description: 'OK' } };
    paths[`/${t.name}`] = t.kind === 'v' || t.kind === 'm' ? { get: { tags: [t.name], responses: ok } } : { get: { tags: [t.name], responses: ok }, post: { tags: [t.name], responses: { '201': { description: 'Created' } } }, patch: { tags: [t.name], responses: { '204': { description: 'No Content' } } }, delete: { tags: [t.name], responses: { '204': { description: 'No Content' } } } };
  }
  for (const [, routines] of cache.functions) {
    const r = routines[0];
    if (r.schema !== schema) continue;
    paths[`/rpc/${r.name}`] = { post: { tags: ['(rpc) ' + r.name], responses: { '200': { description: 'OK' } } } };
  }
  return {
    swagger: '2.0',
    info: { description: '', title: 'standard public schema', version: '12.2.0' },
    host,
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
  };
}
