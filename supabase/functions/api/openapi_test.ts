import { Validator } from '@seriousme/openapi-schema-validator';
import { assert } from '../_shared/testing.ts';
import { type ApiData, createApiHandler } from './handler.ts';
import { openApiDocument, ROUTES } from './openapi.ts';

const doc = openApiDocument('https://project.example/functions/v1/api') as { paths: Record<string, Record<string, unknown>> };

Deno.test('the OpenAPI document is a valid OpenAPI 3.1 document', async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  assert.ok(result.valid, `valid: ${JSON.stringify(result.errors)}`);
  assert.equal(validator.version, '3.1');
  // Every $ref resolves.
  validator.resolveRefs();
});

Deno.test('the document names exactly the routes the handler serves', async () => {
  const documented = Object.fromEntries(Object.entries(doc.paths).map(([path, ops]) => [path, Object.keys(ops).sort()]));
  assert.deepEqual(documented, Object.fromEntries(Object.entries(ROUTES).map(([p, m]) => [p, [...m].sort()])));

  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const delivery = { id: 'd0000000-0000-4000-8000-000000000001', delivery_code: 'DL-1', status: 'pending', created_at: '2026-12-01T00:00:00Z' };
  const data: ApiData = {
    createDelivery: () => ok(delivery),
    getDelivery: () => ok(delivery),
    listDeliveries: () => ok([]),
    cancelDelivery: () => ok(null),
    deliveryEvents: () => ok([]),
    listStock: () => ok([]),
  };
  const handler = createApiHandler({
    authenticate: () =>
      Promise.resolve({ ok: true, identity: { keyId: 'k', tenantId: 't', ownerId: 'o', userId: null }, rate: { allowed: true, limit: 1000, remaining: 999, retryAfterSeconds: 60 } }),
    asOwner: () => Promise.resolve(data),
    idempotency: { begin: () => Promise.resolve({ state: 'new', id: 'c' }), finish: () => Promise.resolve() },
  });
  const bodies: Record<string, unknown> = {
    'post /v1/deliveries': { customer_id: 'c', service_id: 's', pickup_address: {}, pickup_lat: 1, pickup_lng: 1, dropoff_address: {}, dropoff_lat: 1, dropoff_lng: 1, packages: [] },
    'post /v1/deliveries/{delivery}/cancel': { reason: 'x' },
  };
  const allMethods = ['get', 'post', 'put', 'patch', 'delete'];
  for (const [path, methods] of Object.entries(ROUTES)) {
    for (const method of allMethods) {
      const res = await handler(
        new Request(`http://localhost/functions/v1/api${path.replace('{delivery}', 'DL-1')}`, {
          method: method.toUpperCase(),
          headers: { authorization: `Bearer wpk_${'A'.repeat(43)}`, 'content-type': 'application/json' },
          body: method === 'post' ? JSON.stringify(bodies[`post ${path}`] ?? {}) : undefined,
        }),
      );
      if (methods.includes(method)) assert.ok(res.status < 300, `${method} ${path} is served (${res.status})`);
      else assert.equal(res.status, 405, `${method} ${path} is not served`);
    }
  }
  // A path the document does not name is not served.
  const unknown = await handler(new Request('http://localhost/functions/v1/api/v1/orders', { headers: { authorization: `Bearer wpk_${'A'.repeat(43)}` } }));
  assert.equal(unknown.status, 404);
});
