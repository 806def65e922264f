import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ERRORS } from './errors.ts';
import { isValidBucketName, isValidKey } from './names.ts';

/**
 * Where object bytes live: `<dataDir>/storage/<bucket>/<name>/<version>`, as Storage's file backend
 * lays them out. A new upload gets a new version file, so the row (which names the version) and the
 * bytes change together: the old version is deleted only once the transaction that replaced it commits.
 */
export class ObjectFiles {
  readonly root: string;
  private readonly uploads: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'storage');
    this.uploads = path.resolve(dataDir, 'storage-uploads');
  }

  /** The file of one object version, proven to lie inside its bucket's directory. */
  objectPath(bucket: string, key: string, version: string): string {
    if (!isValidBucketName(bucket)) throw ERRORS.noSuchBucket();
    if (!isValidKey(key) || !/^[0-9a-f-]{36}$/.test(version)) throw ERRORS.invalidKey(key);
    const bucketDir = this.bucketDir(bucket);
    const file = path.resolve(bucketDir, ...key.split('/'), version);
    if (!file.startsWith(bucketDir + path.sep)) throw ERRORS.invalidKey(key);
    return file;
  }

  bucketDir(bucket: string): string {
    const dir = path.resolve(this.root, bucket);
    if (!isValidBucketName(bucket) || path.dirname(dir) !== this.root) throw ERRORS.noSuchBucket();
    return dir;
  }

  /** A fresh temporary file for an incoming upload (same filesystem, so placing it is a rename). */
  async tempFile(): Promise<string> {
    await mkdir(this.uploads, { recursive: true });
    return path.join(this.uploads, randomUUID());
  }

  async place(temp: string, bucket: string, key: string, version: string): Promise<void> {
    const target = this.objectPath(bucket, key, version);
    await this.withDir(target, () => rename(temp, target));
  }

  async copy(from: { bucket: string; key: string; version: string }, to: { bucket: string; key: string; version: string }): Promise<void> {
    const source = this.objectPath(from.bucket, from.key, from.version);
    const target = this.objectPath(to.bucket, to.key, to.version);
    await this.withDir(target, () => copyFile(source, target));
  }

  async move(from: { bucket: string; key: string; version: string }, to: { bucket: string; key: string; version: string }): Promise<void> {
    const source = this.objectPath(from.bucket, from.key, from.version);
    const target = this.objectPath(to.bucket, to.key, to.version);
    await this.withDir(target, () => rename(source, target));
    await this.pruneEmptyDirs(path.dirname(source), this.bucketDir(from.bucket));
  }

  /** Deletes one version's file and the directories it leaves empty; a missing file is already gone. */
  async remove(bucket: string, key: string, version: string): Promise<void> {
    const file = this.objectPath(bucket, key, version);
    await unlink(file).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
    await this.pruneEmptyDirs(path.dirname(file), this.bucketDir(bucket));
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(this.bucketDir(bucket), { recursive: true, force: true });
  }

  async discard(temp: string): Promise<void> {
    await rm(temp, { force: true });
  }

  private async withDir(target: string, write: () => Promise<void>): Promise<void> {
    // A concurrent removal may prune the directory between mkdir and the write: try once more.
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await write();
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw e;
      }
    }
  }

  private async pruneEmptyDirs(dir: string, stopAt: string): Promise<void> {
    let current = dir;
    while (current.startsWith(stopAt + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }
}
