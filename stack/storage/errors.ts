import { isPgError } from '../db/database.ts';

/**
 * An error as Supabase Storage renders it. Storage answers every 4xx with HTTP 400 and carries the
 * specific status in the body's `statusCode` string (storage-js reads both); 5xx stay 5xx.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly code?: string,
    readonly httpStatus: number = statusCode >= 500 ? statusCode : 400,
  ) {
    super(message);
  }

  body(): Record<string, string> {
    const body: Record<string, string> = { statusCode: String(this.statusCode), error: this.error, message: this.message };
    if (this.code) body.code = this.code;
    return body;
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'Bucket not found', 'Bucket not found', 'NoSuchBucket'),
  noSuchKey: () => new StorageError(404, 'not_found', 'Object not found', 'NoSuchKey'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`, 'InvalidKey'),
  invalidBucketName: () => new StorageError(400, 'Invalid Input', 'Bucket name invalid', 'InvalidBucketName'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty', 'ResourceNotEmpty'),
  alreadyExists: (code: 'KeyAlreadyExists' | 'BucketAlreadyExists' | 'ResourceAlreadyExists' = 'ResourceAlreadyExists') =>
    new StorageError(409, 'Duplicate', 'The resource already exists', code),
  accessDenied: (message: string) => new StorageError(403, 'Unauthorized', message || 'Access denied', 'AccessDenied'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT', 'InvalidJWT'),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature', 'InvalidSignature'),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.', 'ExpiredToken'),
  entityTooLarge: () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size', 'EntityTooLarge'),
  invalidMimeType: (mime: string) => new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`, 'InvalidMimeType'),
  invalidFileSizeLimit: () =>
    new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B', 'InvalidRequest'),
  invalidRange: () => new StorageError(400, 'invalid_range', 'invalid range provided', 'InvalidRange'),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided', 'InvalidRequest'),
  /** A request that fails schema validation, as Fastify words it. */
  validation: (message: string) => new StorageError(400, 'Error', message),
  routeNotFound: (method: string, path: string) => new StorageError(404, 'Not Found', `Route ${method}:${path} not found`, undefined, 404),
  internal: () => new StorageError(500, 'Internal', 'Internal Server Error'),
};

/** Postgres errors the way Storage's database layer translates them; undefined for the unexpected. */
export function fromPgError(e: unknown): StorageError | undefined {
  if (!isPgError(e)) return undefined;
  switch (e.code) {
    case '42501':
      return new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
    case '23505':
      return ERRORS.alreadyExists();
    case '23503':
      return new StorageError(404, 'Not Found', 'The parent resource is not found');
    case '55P03':
      return new StorageError(400, 'resource_locked', 'Resource Locked, an upload might be in progress for this resource');
    default:
      return undefined;
  }
}
