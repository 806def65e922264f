import { describe, expect, it } from 'vitest';
import { curlExample, endpointsOf, errorCodes, openApiSchema, typeLabel } from './openapi';

const doc = openApiSchema.parse({
  openapi: '3.1.0',
  info: { title: 'Waypost API', version: '1.0.0' },
  paths: {
    '/v1/deliveries': {
      post: {
        operationId: 'createDelivery',
        parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/DeliveryCreate' } } } },
        responses: { '201': { description: 'Booked' }, '409': { $ref: '#/components/responses/Conflict' } },
      },
      get: { operationId: 'listDeliveries', responses: { '200': { description: 'A page' } } },
    },
    '/v1/deliveries/{delivery}': {
      get: {
        operationId: 'getDelivery',
        parameters: [{ name: 'delivery', in: 'path', required: true, schema: { type: 'string' }, example: "DL-1 o'clock" }],
        responses: { '200': { description: 'One' } },
      },
    },
  },
  components: {
    schemas: {
      DeliveryCreate: {
        type: 'object',
        required: ['customer_id', 'packages', 'pickup_lat'],
        properties: {
          customer_id: { type: 'string', format: 'uuid' },
          packages: { type: 'array', items: { type: 'object' }, example: [{ quantity: 1 }] },
          pickup_lat: { type: 'number' },
          notes: { type: 'string' },
        },
      },
    },
    responses: { Conflict: { description: 'Used with another request', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { error: { code: 'idempotency_conflict', message: 'x' } } } } } },
  },
});

describe('the API reference', () => {
  it('lists endpoints by path, GET before POST', () => {
    expect(endpointsOf(doc).map((e) => `${e.method} ${e.path}`)).toEqual(['GET /v1/deliveries', 'POST /v1/deliveries', 'GET /v1/deliveries/{delivery}']);
  });

  it('writes a curl example with the key from the environment, the Idempotency-Key and an example body of the required fields', () => {
    const [, create, one] = endpointsOf(doc);
    expect(curlExample(create, 'https://x.example/functions/v1/api', doc)).toBe(
      [
        "curl -X POST 'https://x.example/functions/v1/api/v1/deliveries'",
        '  -H "Authorization: Bearer $WAYPOST_API_KEY"',
        "  -H 'Idempotency-Key: <a unique id of this request>'",
        "  -H 'Content-Type: application/json'",
        `  -d '${JSON.stringify({ customer_id: '00000000-0000-4000-8000-000000000000', packages: [{ quantity: 1 }], pickup_lat: 1 }, null, 2)}'`,
      ].join(' \\\n'),
    );
    // Path parameters take their example, encoded for the URL.
    expect(curlExample(one, 'https://x.example/functions/v1/api', doc)).toContain("'https://x.example/functions/v1/api/v1/deliveries/DL-1%20o'\\''clock'");
  });

  it('names types and error answers as a reader says them', () => {
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/Delivery' } })).toBe('array of Delivery');
    expect(typeLabel({ type: ['string', 'null'], format: 'date-time' })).toBe('string | null (date-time)');
    expect(errorCodes(doc)).toEqual([{ status: '409', name: 'Conflict', description: 'Used with another request', code: 'idempotency_conflict' }]);
  });
});
