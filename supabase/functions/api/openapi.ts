import { DEFAULT_LIMIT, DELIVERY_CREATE_FIELDS, DELIVERY_REQUIRED_FIELDS, DELIVERY_STATUSES, ERROR_STATUS, type ErrorCode, MAX_LIMIT } from './handler.ts';

/**
 * The public API described as OpenAPI 3.1, served at /functions/v1/api/openapi.json (no key needed)
 * and rendered by the admin panel's developer page. Built from the handler's own constants (error
 * codes, statuses, create fields, limits), and a test checks that it names exactly the routes the
 * handler serves.
 */

/** Every route the handler serves, as OpenAPI paths below /v1, with their methods. */
export const ROUTES: Record<string, string[]> = {
  '/v1/deliveries': ['get', 'post'],
  '/v1/deliveries/{delivery}': ['get'],
  '/v1/deliveries/{delivery}/cancel': ['post'],
  '/v1/deliveries/{delivery}/tracking': ['get'],
  '/v1/stock': ['get'],
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

const ERROR_RESPONSES: Record<string, { code: ErrorCode[]; description: string }> = {
  BadRequest: { code: ['bad_request'], description: 'The body is not a JSON object' },
  Unauthorized: { code: ['unauthorized'], description: 'No key, or a malformed, unknown, revoked or expired key, or its owner is no longer active' },
  Forbidden: { code: ['forbidden'], description: "The key's owner may not do this" },
  NotFound: { code: ['not_found'], description: "No such delivery, or one the key's owner may not see" },
  MethodNotAllowed: { code: ['method_not_allowed'], description: 'The path does not take this method' },
  Conflict: { code: ['idempotency_conflict', 'idempotency_in_progress', 'conflict'], description: 'The Idempotency-Key was used with another request, or its first request is still running' },
  ValidationFailed: { code: ['validation_failed'], description: 'A field or parameter is refused; details name each one' },
  RateLimited: { code: ['rate_limited'], description: 'Too many requests for this key; Retry-After says when to try again' },
  InternalError: { code: ['internal_error'], description: 'Something went wrong on our side' },
};

const common = ['Unauthorized', 'RateLimited', 'InternalError'];

function errors(...names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of [...names, ...common]) out[String(ERROR_STATUS[ERROR_RESPONSES[name].code[0]])] = errorRef(name);
  return out;
}

const deliveryParam = {
  name: 'delivery',
  in: 'path',
  required: true,
  description: "The delivery's id (UUID) or its delivery code",
  schema: { type: 'string' },
  example: 'DL-000123',
};

const limitParam = {
  name: 'limit',
  in: 'query',
  description: `Rows per page (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`,
  schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
};
const cursorParam = { name: 'cursor', in: 'query', description: 'next_cursor of the previous page', schema: { type: 'string' } };

const propertyType: Record<string, unknown> = {
  string: { type: 'string' },
  number: { type: 'number' },
  object: { type: 'object', additionalProperties: true },
  array: { type: 'array', items: { type: 'object', additionalProperties: true } },
};

const FIELD_NOTES: Record<string, unknown> = {
  customer_id: { type: 'string', format: 'uuid', description: 'The customer the delivery is for' },
  service_id: { type: 'string', format: 'uuid', description: 'The delivery service' },
  pickup_address: { type: 'object', additionalProperties: true, description: 'At least full_address', example: { full_address: '1 Market St, San Francisco' } },
  dropoff_address: { type: 'object', additionalProperties: true, description: 'At least full_address', example: { full_address: '600 Mission St, San Francisco' } },
  packages: { type: 'array', minItems: 1, items: { type: 'object', additionalProperties: true }, example: [{ quantity: 1, weight_kg: 2 }] },
  pickup_window_start: { type: 'string', format: 'date-time' },
  pickup_window_end: { type: 'string', format: 'date-time' },
  dropoff_window_start: { type: 'string', format: 'date-time' },
  dropoff_window_end: { type: 'string', format: 'date-time' },
};

const deliveryCreate = {
  type: 'object',
  additionalProperties: false,
  required: [...DELIVERY_REQUIRED_FIELDS],
  properties: Object.fromEntries(Object.entries(DELIVERY_CREATE_FIELDS).map(([field, type]) => [field, FIELD_NOTES[field] ?? propertyType[type]])),
};

const nullableString = { type: ['string', 'null'] };
const nullableTime = { type: ['string', 'null'], format: 'date-time' };

const delivery = {
  type: 'object',
  required: ['id', 'delivery_code', 'status', 'customer_id', 'created_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    delivery_code: { type: 'string' },
    barcode: { type: 'string' },
    status: ref('DeliveryStatus'),
    status_reason: nullableString,
    kind: { type: 'string' },
    priority: { type: 'string' },
    customer_id: { type: 'string', format: 'uuid' },
    service_id: { type: 'string', format: 'uuid' },
    pickup_address: { type: 'object', additionalProperties: true },
    pickup_lat: { type: 'number' },
    pickup_lng: { type: 'number' },
    dropoff_address: { type: 'object', additionalProperties: true },
    dropoff_lat: { type: 'number' },
    dropoff_lng: { type: 'number' },
    pickup_window_start: nullableTime,
    pickup_window_end: nullableTime,
    dropoff_window_start: nullableTime,
    dropoff_window_end: nullableTime,
    packages: { type: 'array', items: { type: 'object', additionalProperties: true } },
    package_count: { type: 'integer' },
    total_weight_kg: { type: 'number' },
    price: { type: 'number' },
    currency: { type: 'string' },
    cod_amount: { type: 'number' },
    notes: { type: 'string' },
    external_reference_id: nullableString,
    driver_id: { type: ['string', 'null'], format: 'uuid' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    assigned_at: nullableTime,
    picked_up_at: nullableTime,
    delivered_at: nullableTime,
    failed_at: nullableTime,
    cancelled_at: nullableTime,
    returned_at: nullableTime,
  },
};

function json(schema: unknown, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, r]) => [
      name,
      {
        description: r.description,
        ...(name === 'RateLimited' ? { headers: { 'Retry-After': { description: 'Seconds until the key may call again', schema: { type: 'integer' } } } } : {}),
        content: { 'application/json': { schema: ref('Error'), example: { error: { code: r.code[0], message: r.description } } } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Waypost API',
      version: '1.0.0',
      description:
        "Book and follow deliveries and read stock from your own systems. Authenticate with an API key from the admin panel (Authorization: Bearer wpk_...). A key acts with its owner's rights: a tenant key as the admin who created it, a business user's key as that customer (their deliveries only). Every error is {error: {code, message, details?}}.",
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    tags: [{ name: 'Deliveries' }, { name: 'Stock' }],
    paths: {
      '/v1/deliveries': {
        get: {
          operationId: 'listDeliveries',
          tags: ['Deliveries'],
          summary: 'List deliveries, newest first',
          parameters: [
            { name: 'status', in: 'query', description: 'One status or several, comma-separated', schema: { type: 'string' }, example: 'pending,assigned' },
            { name: 'customer_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
            { name: 'created_from', in: 'query', description: 'Created at or after (ISO 8601)', schema: { type: 'string', format: 'date-time' } },
            { name: 'created_to', in: 'query', description: 'Created before (ISO 8601)', schema: { type: 'string', format: 'date-time' } },
            limitParam,
            cursorParam,
          ],
          responses: { '200': json(ref('DeliveryPage'), 'One page of deliveries'), ...errors('ValidationFailed') },
        },
        post: {
          operationId: 'createDelivery',
          tags: ['Deliveries'],
          summary: 'Book a delivery',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              description:
                'Retries with the same key and body get the first answer for 24 hours; another body with the same key is refused (409). ' +
                'After 24 hours the answer is deleted and the key may be used again',
              schema: { type: 'string', minLength: 1, maxLength: 255 },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: ref('DeliveryCreate') } } },
          responses: {
            '201': json({ type: 'object', required: ['delivery'], properties: { delivery: ref('Delivery') } }, 'The booked delivery'),
            ...errors('BadRequest', 'Forbidden', 'Conflict', 'ValidationFailed'),
          },
        },
      },
      '/v1/deliveries/{delivery}': {
        get: {
          operationId: 'getDelivery',
          tags: ['Deliveries'],
          summary: 'One delivery by id or delivery code',
          parameters: [deliveryParam],
          responses: { '200': json({ type: 'object', required: ['delivery'], properties: { delivery: ref('Delivery') } }, 'The delivery'), ...errors('NotFound') },
        },
      },
      '/v1/deliveries/{delivery}/cancel': {
        post: {
          operationId: 'cancelDelivery',
          tags: ['Deliveries'],
          summary: 'Cancel a delivery that is not yet picked up',
          parameters: [
            deliveryParam,
            { name: 'Idempotency-Key', in: 'header', description: 'As for booking', schema: { type: 'string', minLength: 1, maxLength: 255 } },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string', minLength: 1 } } } } },
          },
          responses: {
            '200': json({ type: 'object', required: ['delivery'], properties: { delivery: ref('Delivery') } }, 'The cancelled delivery'),
            ...errors('BadRequest', 'Forbidden', 'NotFound', 'Conflict', 'ValidationFailed'),
          },
        },
      },
      '/v1/deliveries/{delivery}/tracking': {
        get: {
          operationId: 'getDeliveryTracking',
          tags: ['Deliveries'],
          summary: "A delivery's status and its events, oldest first",
          parameters: [deliveryParam],
          responses: { '200': json({ type: 'object', required: ['tracking'], properties: { tracking: ref('Tracking') } }, 'The tracking'), ...errors('NotFound') },
        },
      },
      '/v1/stock': {
        get: {
          operationId: 'listStock',
          tags: ['Stock'],
          summary: "Stock balances in the warehouses the key's owner may access",
          parameters: [
            { name: 'warehouse_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
            { name: 'item_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
            { name: 'sku', in: 'query', schema: { type: 'string' } },
            limitParam,
            cursorParam,
          ],
          responses: { '200': json(ref('StockPage'), 'One page of stock balances'), ...errors('ValidationFailed') },
        },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (wpk_ and 43 characters)' } },
      responses,
      schemas: {
        DeliveryStatus: { type: 'string', enum: [...DELIVERY_STATUSES] },
        DeliveryCreate: deliveryCreate,
        Delivery: delivery,
        DeliveryPage: {
          type: 'object',
          required: ['deliveries', 'next_cursor'],
          properties: { deliveries: { type: 'array', items: ref('Delivery') }, next_cursor: { type: ['string', 'null'] } },
        },
        TrackingEvent: {
          type: 'object',
          properties: {
            seq: { type: 'integer' },
            status: ref('DeliveryStatus'),
            from_status: { type: ['string', 'null'] },
            action: { type: 'string' },
            reason: nullableString,
            note: nullableString,
            occurred_at: { type: 'string', format: 'date-time' },
          },
        },
        Tracking: {
          type: 'object',
          required: ['delivery_id', 'delivery_code', 'status', 'events'],
          properties: {
            delivery_id: { type: 'string', format: 'uuid' },
            delivery_code: { type: 'string' },
            status: ref('DeliveryStatus'),
            events: { type: 'array', items: ref('TrackingEvent') },
          },
        },
        StockRow: {
          type: 'object',
          properties: {
            id: { type: 'string', format: 'uuid' },
            item_id: { type: 'string', format: 'uuid' },
            item_sku: { type: 'string' },
            item_name: { type: 'string' },
            warehouse_id: { type: 'string', format: 'uuid' },
            warehouse_name: { type: 'string' },
            bin_id: { type: 'string', format: 'uuid' },
            bin_code: { type: 'string' },
            lot_number: nullableString,
            serial_number: nullableString,
            quantity: { type: 'number' },
            reserved: { type: 'number' },
            status: { type: 'string' },
            updated_at: { type: 'string', format: 'date-time' },
          },
        },
        StockPage: {
          type: 'object',
          required: ['stock', 'next_cursor'],
          properties: { stock: { type: 'array', items: ref('StockRow') }, next_cursor: { type: ['string', 'null'] } },
        },
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
                message: { type: 'string' },
                details: {
                  type: 'array',
                  items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
  };
}
