import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
}

/**
 * Where documents live: local disk by default, MinIO or any S3 in production. Both stream in and out;
 * neither ever holds a whole file in memory. Keys are made by the product, never taken from a file name.
 */
export interface ObjectStorage {
  readonly driver: 'disk' | 's3';
  /** Streams the body into the object. If the body fails mid-way, nothing is left behind and the error is rethrown. */
  put(key: string, body: Readable, contentType: string): Promise<StoredObject>;
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every key under a prefix; used by tests and by maintenance, not on request paths. */
  list(prefix: string): Promise<string[]>;
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

export class ObjectNotFound extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
  }
}

export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.includes('..'))
    throw new Error(`Unsafe storage key: ${key}`);
}
