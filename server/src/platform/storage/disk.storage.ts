import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, ObjectNotFound, type ObjectStorage, type StoredObject } from './object-storage.js';

/** Files under a directory. Writes go to a temporary name and are renamed on success, so a cut stream leaves nothing. */
export class DiskStorage implements ObjectStorage {
  readonly driver = 'disk' as const;

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Readable, _contentType: string): Promise<StoredObject> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = join(this.root, '.partial', randomUUID());
    await mkdir(dirname(partial), { recursive: true });
    try {
      await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { key, size: (await stat(target)).size };
  }

  async get(key: string): Promise<Readable> {
    const path = this.path(key);
    if (!(await this.exists(key))) throw new ObjectNotFound(key);
    return createReadStream(path);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== '.partial') await walk(full);
        } else keys.push(relative(this.root, full));
      }
    };
    await walk(this.root);
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }

  /** Temporary files of interrupted writes; empty unless a write is under way. */
  async partials(): Promise<string[]> {
    try {
      return await readdir(join(this.root, '.partial'));
    } catch {
      return [];
    }
  }
}
