import { z } from 'zod';

/**
 * The parts of the public API's OpenAPI document the developer page shows: its operations with
 * their parameters, bodies and answers, its schemas and its error codes, and a curl example per
 * operation for the tenant's base URL. Read loosely (passthrough): the server owns the document.
 */
const schemaObject: z.ZodType<JsonSchema> = z.lazy(() =>
  z
    .object({
      $ref: z.string().optional(),
      type: z.union([z.string(), z.array(z.string())]).optional(),
      format: z.string().optional(),
      description: z.string().optional(),
      enum: z.array(z.unknown()).optional(),
      required: z.array(z.string()).optional(),
      properties: z.record(z.string(), schemaObject).optional(),
      items: schemaObject.optional(),
      example: z.unknown().optional(),
    })
    .passthrough(),
);

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  example?: unknown;
}

const parameter = z.object({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: schemaObject.optional(),
  example: z.unknown().optional(),
});

const mediaContent = z.object({ 'application/json': z.object({ schema: schemaObject }).passthrough().optional() }).optional();
const response = z.object({ $ref: z.string().optional(), description: z.string().optional(), content: mediaContent });

const operation = z.object({
  operationId: z.string(),
  summary: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z.array(parameter).optional(),
  requestBody: z.object({ required: z.boolean().optional(), content: mediaContent }).optional(),
  responses: z.record(z.string(), response),
});

export const openApiSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), operation)),
  components: z.object({
    schemas: z.record(z.string(), schemaObject),
    responses: z.record(z.string(), z.object({ description: z.string(), content: mediaContent.optional() }).passthrough()).optional(),
  }),
});

export type OpenApiDocument = z.infer<typeof openApiSchema>;
export type Operation = z.infer<typeof operation>;
export type Parameter = z.infer<typeof parameter>;

export interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

export function endpointsOf(doc: OpenApiDocument): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, operation: op })),
  );
}

/** The name a $ref points at: '#/components/schemas/Delivery' -> 'Delivery'. */
export function refName(ref: string): string {
  return ref.split('/').at(-1) ?? ref;
}

/** A schema's type as a reader says it: 'Delivery', 'array of Delivery', 'string (uuid)', 'string | null'. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (schema.type === 'array') return `array of ${typeLabel(schema.items)}`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** An example value for a schema: its own example, else one made from its type. */
export function exampleOf(schema: JsonSchema | undefined, doc: OpenApiDocument, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.$ref) return exampleOf(doc.components.schemas[refName(schema.$ref)], doc, depth + 1);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const required = schema.required ?? Object.keys(schema.properties ?? {});
      return Object.fromEntries(required.map((name) => [name, exampleOf(schema.properties?.[name], doc, depth + 1)]));
    }
    case 'array':
      return [exampleOf(schema.items, doc, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return '2026-12-01T09:00:00Z';
      return 'text';
    default:
      return null;
  }
}

/** A single-quoted shell word. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}

/** The curl command calling an endpoint at `baseUrl`, the key read from $WAYPOST_API_KEY. */
export function curlExample(endpoint: Endpoint, baseUrl: string, doc: OpenApiDocument): string {
  const params = endpoint.operation.parameters ?? [];
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = params.find((p) => p.name === name && p.in === 'path');
    return encodeURIComponent(String(param?.example ?? exampleOf(param?.schema, doc) ?? name));
  });
  const lines = [`curl -X ${endpoint.method} ${shellQuote(`${baseUrl}${path}`)}`, `  -H "Authorization: Bearer $WAYPOST_API_KEY"`];
  if (params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')) lines.push(`  -H 'Idempotency-Key: <a unique id of this request>'`);
  const body = endpoint.operation.requestBody?.content?.['application/json']?.schema;
  if (body) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d ${shellQuote(JSON.stringify(exampleOf(body, doc), null, 2))}`);
  }
  return lines.join(' \\\n');
}

/** The error codes the document's Error schema names, with the answers that carry them. */
export function errorCodes(doc: OpenApiDocument): { status: string; name: string; description: string; code: string }[] {
  const out: { status: string; name: string; description: string; code: string }[] = [];
  const statusOf = new Map<string, string>();
  for (const ops of Object.values(doc.paths)) {
    for (const op of Object.values(ops)) {
      for (const [status, r] of Object.entries(op.responses)) if (r.$ref) statusOf.set(refName(r.$ref), status);
    }
  }
  for (const [name, r] of Object.entries(doc.components.responses ?? {})) {
    const example = (r.content?.['application/json'] as { example?: { error?: { code?: string } } } | undefined)?.example;
    out.push({ status: statusOf.get(name) ?? '', name, description: r.description, code: example?.error?.code ?? '' });
  }
  return out.sort((a, b) => a.status.localeCompare(b.status));
}
