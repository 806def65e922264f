import type { StackContext } from '../http/service.ts';
import type { ObjectFiles } from './files.ts';

export interface StorageContext {
  stack: StackContext;
  files: ObjectFiles;
  /** config.toml [storage] file_size_limit, in bytes: no bucket may accept more. */
  globalLimit: number;
}
