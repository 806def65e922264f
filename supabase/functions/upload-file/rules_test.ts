import { assert } from '../_shared/testing.ts';
import { detectFileType, extensionOf, judgeFile, UPLOAD_KINDS } from './rules.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00');
const PDF = new TextEncoder().encode('%PDF-1.7\n');
const TEXT = new TextEncoder().encode('hello, not an image');

Deno.test('detectFileType reads the magic numbers', () => {
  assert.equal(detectFileType(PNG), 'image/png');
  assert.equal(detectFileType(JPEG), 'image/jpeg');
  assert.equal(detectFileType(GIF), 'image/gif');
  assert.equal(detectFileType(new TextEncoder().encode('GIF87a')), 'image/gif');
  assert.equal(detectFileType(PDF), 'application/pdf');
  assert.equal(detectFileType(TEXT), null);
  assert.equal(detectFileType(new Uint8Array([0x89, 0x50])), null, 'truncated signature');
  assert.equal(detectFileType(new TextEncoder().encode('GIF8xa')), null);
});

Deno.test('extensionOf lower-cases and ignores dot files', () => {
  assert.equal(extensionOf('van.PNG'), 'png');
  assert.equal(extensionOf('a.tar.gz'), 'gz');
  assert.equal(extensionOf('README'), '');
  assert.equal(extensionOf('.png'), '');
});

const vehicle = UPLOAD_KINDS['vehicle-image'];

Deno.test('vehicle-image accepts jpeg, jpg, png and gif by their bytes', () => {
  assert.deepEqual(judgeFile(vehicle, { name: 'van.png', declaredType: 'image/png', bytes: PNG }), { ok: true, type: 'image/png' });
  assert.deepEqual(judgeFile(vehicle, { name: 'van.jpg', declaredType: 'image/jpg', bytes: JPEG }), { ok: true, type: 'image/jpeg' });
  assert.deepEqual(judgeFile(vehicle, { name: 'van.JPEG', declaredType: '', bytes: JPEG }), { ok: true, type: 'image/jpeg' });
  assert.deepEqual(judgeFile(vehicle, { name: 'van.gif', declaredType: 'application/octet-stream', bytes: GIF }), { ok: true, type: 'image/gif' });
});

Deno.test('vehicle-image refuses what its bytes are not, whatever the name and declared type say', () => {
  const text = judgeFile(vehicle, { name: 'van.png', declaredType: 'image/png', bytes: TEXT });
  assert.deepEqual(text, { ok: false, status: 400, key: 'uploads.type_not_allowed_use', message: 'This file type is not allowed: use jpg, jpeg, png, gif', params: { allowed: 'jpg, jpeg, png, gif' } });
  const pdf = judgeFile(vehicle, { name: 'van.pdf', declaredType: 'application/pdf', bytes: PDF });
  assert.equal(pdf.ok, false);
  const renamed = judgeFile(vehicle, { name: 'van.gif', declaredType: 'image/gif', bytes: PNG });
  assert.deepEqual(renamed, { ok: false, status: 400, key: 'uploads.name_mismatch', message: "The file's name does not match its content: name it .png", params: { extension: 'png', other: 'none' } });
  const declared = judgeFile(vehicle, { name: 'van.png', declaredType: 'image/gif', bytes: PNG });
  const jpeg = judgeFile(vehicle, { name: 'van.png', declaredType: 'image/jpeg', bytes: JPEG });
  assert.deepEqual(jpeg, { ok: false, status: 400, key: 'uploads.name_mismatch', message: "The file's name does not match its content: name it .jpg or .jpeg", params: { extension: 'jpg', other: 'jpeg' } });
  assert.deepEqual(declared, { ok: false, status: 400, key: 'uploads.declared_type_mismatch', message: "The file's declared type (image/gif) does not match its content", params: { declared: 'image/gif' } });
  assert.deepEqual(judgeFile(vehicle, { name: 'van.png', declaredType: 'image/png', bytes: new Uint8Array() }), { ok: false, status: 400, key: 'uploads.file_empty', message: 'The file is empty' });
});

Deno.test('vehicle-image refuses more than 3 MB with 413, accepts exactly 3 MB', () => {
  const max = new Uint8Array(3 * 1024 * 1024);
  max.set(PNG);
  assert.equal(judgeFile(vehicle, { name: 'big.png', declaredType: 'image/png', bytes: max }).ok, true);
  const over = new Uint8Array(3 * 1024 * 1024 + 1);
  over.set(PNG);
  assert.deepEqual(judgeFile(vehicle, { name: 'big.png', declaredType: 'image/png', bytes: over }), { ok: false, status: 413, key: 'uploads.file_too_large_max', message: 'The file is too large: the maximum is 3 MB', params: { max_mb: 3 } });
});

Deno.test('document accepts a pdf', () => {
  assert.deepEqual(judgeFile(UPLOAD_KINDS.document, { name: 'pod.pdf', declaredType: 'application/pdf', bytes: PDF }), { ok: true, type: 'application/pdf' });
});
