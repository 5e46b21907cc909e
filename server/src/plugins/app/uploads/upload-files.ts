import { randomBytes } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Uploaded files on local disk under `<dataDir>/files`, by storage key
 * (`uploads/<tenantId>/<id>`). Written atomically: a reader never sees half a file.
 */
export class UploadFiles {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'files');
  }

  static keyOf(tenantId: string, id: string): string {
    return `uploads/${tenantId}/${id}`;
  }

  /** The file's path; throws for a key that would leave the files directory. */
  pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key outside the files directory: ${key}`);
    return path;
  }

  /** Writes the bytes to a temporary file beside the target, flushes it, then renames it into place. */
  async write(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** A stream of the file and its size, or undefined when it is not on disk. */
  async read(key: string): Promise<{ stream: ReadStream; size: number } | undefined> {
    const handle = await open(this.pathOf(key), 'r').catch(() => undefined);
    if (!handle) return undefined;
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return undefined;
    }
    return { stream: handle.createReadStream(), size: info.size };
  }
}
