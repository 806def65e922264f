import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { ObjectFiles } from './files.ts';
import { isValidKey } from './names.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storage-files-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const VERSION = '0b8e0a3c-2f6e-4c1e-9d59-1f4c2f0f7a11';

describe('object names', () => {
  it.each(['a.txt', 'folder/a b.txt', 'x/.emptyFolderPlaceholder', 'ünïcode/名前.png', "a/(1)!'*$@=;:+,?&.txt"])('accepts %s', (key) => {
    expect(isValidKey(key)).toBe(true);
  });
  it.each(['', '..', '../x', 'a/../../b', 'a/./b', '/abs', 'trailing/', 'a//b', 'nul\0', 'back\\slash', 'new\nline', 'x'.repeat(300)])(
    'refuses %j',
    (key) => {
      expect(isValidKey(key)).toBe(false);
    },
  );
});

describe('ObjectFiles', () => {
  it('keeps every object version inside its bucket directory', () => {
    const files = new ObjectFiles(dataDir());
    const file = files.objectPath('bucket', 'a/b.txt', VERSION);
    expect(file).toBe(path.join(files.root, 'bucket', 'a', 'b.txt', VERSION));
    for (const [bucket, key] of [
      ['bucket', '../other/x'],
      ['bucket', 'a/../../x'],
      ['..', 'x'],
      ['a/b', 'x'],
    ])
      expect(() => files.objectPath(bucket, key, VERSION)).toThrow(StorageError);
    expect(() => files.objectPath('bucket', 'x', '../../etc')).toThrow(StorageError);
  });

  it('places, copies, moves and removes files, pruning emptied folders', async () => {
    const files = new ObjectFiles(dataDir());
    const temp = await files.tempFile();
    writeFileSync(temp, 'bytes');
    await files.place(temp, 'b', 'x/y/z.txt', VERSION);
    const placed = files.objectPath('b', 'x/y/z.txt', VERSION);
    expect(readFileSync(placed, 'utf8')).toBe('bytes');

    await files.copy({ bucket: 'b', key: 'x/y/z.txt', version: VERSION }, { bucket: 'c', key: 'copy.txt', version: VERSION });
    expect(readFileSync(files.objectPath('c', 'copy.txt', VERSION), 'utf8')).toBe('bytes');

    await files.move({ bucket: 'b', key: 'x/y/z.txt', version: VERSION }, { bucket: 'b', key: 'moved.txt', version: VERSION });
    expect(existsSync(path.join(files.root, 'b', 'x'))).toBe(false);
    await files.remove('b', 'moved.txt', VERSION);
    expect(existsSync(path.join(files.root, 'b', 'moved.txt'))).toBe(false);
    expect(existsSync(path.join(files.root, 'b'))).toBe(true);
    await files.remove('b', 'moved.txt', VERSION);
  });
});
