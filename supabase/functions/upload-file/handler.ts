import { preflight } from '../_shared/cors.ts';
import { jsonResponse, keyedFailure, words, type Words } from '../_shared/http.ts';
import { parseUploadPath, storedFileName } from './path.ts';
import { DEFAULT_KIND, isUploadKind, judgeFile, MAX_UPLOAD_BYTES, UPLOAD_KINDS } from './rules.ts';

/**
 * POST /functions/v1/upload-file, multipart: file, bucket ('tenants'), path ({tenantId}/{filename}),
 * optional kind (the form's rules, rules.ts). Answers
 *   200 {data: {fileInfo: {publicUrl, path}, message: 'File uploaded successfully'}}
 * or {error: {code, key, message, params?}} (`key` and `params` word it in the user's language) with 400 (bad request, path, type), 401 (no session), 403 (another
 * tenant's folder, or storage's policies refuse), 405, 409 (name taken), 413 (too large).
 * The file is stored as the caller, so the bucket's policies decide as well.
 */
export interface Caller {
  userId: string;
  /** null when the user belongs to no tenant (no active profile). */
  tenantId: string | null;
}

export type StoreResult = { ok: true } | { ok: false; status: number; message: string };

export interface UploadDeps {
  /** The signed-in user behind an access token, or null when the token is no user session. */
  resolveCaller(accessToken: string): Promise<Caller | null>;
  /** Stores the bytes as the caller (their token), without overwriting. */
  store(accessToken: string, bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<StoreResult>;
  publicUrl(bucket: string, path: string): string;
  randomId(): string;
  log?: (message: string, error: unknown) => void;
}

export const UPLOAD_BUCKETS = ['tenants'] as const;
/** Room for the multipart envelope and the text fields around the largest file. */
const ENVELOPE_BYTES = 64 * 1024;

function fail(status: number, code: string, said: Words, headers: Record<string, string> = {}): Response {
  return keyedFailure(status, code, said, { headers });
}

const TOO_LARGE = words('uploads.file_too_large', 'The file is too large');
const FAILED = words('uploads.failed', 'Error uploading file');

function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}

function textField(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === 'string' ? value : null;
}

export function createUploadHandler(deps: UploadDeps): (req: Request) => Promise<Response> {
  const log = deps.log ?? ((message, error) => console.error(message, error));

  return async (req) => {
    const cors = preflight(req);
    if (cors) return cors;
    if (req.method !== 'POST') {
      return fail(405, 'method_not_allowed', words('requests.method_not_allowed', `Method ${req.method} is not allowed: use POST`, { method: req.method, allowed: 'POST' }), { Allow: 'POST, OPTIONS' });
    }

    const token = bearerToken(req);
    const caller = token ? await deps.resolveCaller(token).catch((e: unknown) => (log('upload-file: getUser failed', e), null)) : null;
    if (!token || !caller) return fail(401, 'no_session', words('auth.no_session', 'No active session'));
    if (!caller.tenantId) {
      return fail(403, 'no_tenant', words('account.no_tenant', 'You are not associated with any tanent. Please contact your administrator.'));
    }

    const length = Number(req.headers.get('content-length') ?? '0');
    if (length > MAX_UPLOAD_BYTES + ENVELOPE_BYTES) return fail(413, 'file_too_large', TOO_LARGE);
    if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
      return fail(400, 'invalid_request', words('uploads.not_multipart', 'Send the file as multipart/form-data with file, bucket and path'));
    }
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      return fail(400, 'invalid_request', words('uploads.body_unreadable', 'The multipart body could not be read'));
    }

    const files = form.getAll('file');
    const bucket = textField(form, 'bucket');
    const path = textField(form, 'path');
    const kindName = textField(form, 'kind') ?? DEFAULT_KIND;
    if (files.length === 0 || !(files[0] instanceof File)) return fail(400, 'missing_file', words('uploads.file_required', 'A file is required'));
    if (files.length > 1) return fail(400, 'too_many_files', words('uploads.one_file', 'Upload one file at a time'));
    if (!bucket) return fail(400, 'missing_bucket', words('uploads.bucket_required', 'A bucket is required'));
    if (!path) return fail(400, 'missing_path', words('uploads.path_required', 'A path is required'));
    if (!(UPLOAD_BUCKETS as readonly string[]).includes(bucket)) {
      return fail(400, 'invalid_bucket', words('uploads.bucket_unknown', `Unknown bucket: use ${UPLOAD_BUCKETS.join(', ')}`, { buckets: UPLOAD_BUCKETS.join(', ') }));
    }
    if (!isUploadKind(kindName)) {
      return fail(400, 'invalid_kind', words('uploads.kind_unknown', `Unknown kind: use ${Object.keys(UPLOAD_KINDS).join(', ')}`, { kinds: Object.keys(UPLOAD_KINDS).join(', ') }));
    }

    const parsed = parseUploadPath(path);
    if (!parsed.ok) return fail(400, 'invalid_path', parsed);
    if (parsed.tenantId !== caller.tenantId) {
      return fail(403, 'forbidden_path', words('uploads.other_business_folder', "You can only upload files to your own business's folder"));
    }

    const file = files[0];
    const bytes = new Uint8Array(await file.arrayBuffer());
    const verdict = judgeFile(UPLOAD_KINDS[kindName], { name: parsed.filename, declaredType: file.type, bytes });
    if (!verdict.ok) return fail(verdict.status, verdict.status === 413 ? 'file_too_large' : 'invalid_file_type', verdict);

    // Avatars carry their owner's id: storage lets a member write only `avatar-<own id>-…`.
    const ownerPrefix = kindName === 'avatar' ? `avatar-${caller.userId}-` : '';
    const storedPath = `${parsed.tenantId}/${ownerPrefix}${storedFileName(parsed.filename, deps.randomId())}`;
    let stored: StoreResult;
    try {
      stored = await deps.store(token, bucket, storedPath, bytes, verdict.type);
    } catch (e) {
      log('upload-file: storage failed', e);
      return fail(500, 'upload_failed', FAILED);
    }
    if (!stored.ok) {
      if (stored.status === 409) return fail(409, 'file_exists', words('uploads.file_exists', 'A file with this name already exists'));
      if (stored.status === 403) return fail(403, 'forbidden', words('uploads.forbidden', 'You do not have permission to upload files here'));
      if (stored.status === 413) return fail(413, 'file_too_large', TOO_LARGE);
      if (stored.status === 415) return fail(400, 'invalid_file_type', words('uploads.type_not_allowed', 'This file type is not allowed'));
      log('upload-file: storage refused', stored);
      return fail(500, 'upload_failed', FAILED);
    }
    return jsonResponse({
      data: { fileInfo: { publicUrl: deps.publicUrl(bucket, storedPath), path: storedPath }, message: 'File uploaded successfully' },
    });
  };
}
