import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The format of a sealed text: a new format gets a new prefix, and old ones stay readable. */
const VERSION = 'v1';

/**
 * `FLOTILLA_SECRET_KEY` → the 32-byte key it holds (base64 or hex); a value that is neither stops the start.
 */
export function parseSecretKey(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES || (!/^[0-9a-fA-F]{64}$/.test(text) && key.toString('base64') !== text))
    throw new Error('FLOTILLA_SECRET_KEY must be 32 bytes, written as 64 hex digits or in base64');
  return key;
}

/**
 * The key of `<dataDir>/secret.key`, made once (32 random bytes, mode 0600) when the file does not exist.
 * Two processes starting together both end with the key of the one that wrote it first.
 */
export async function keyFileKey(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, 'secret.key');
  await mkdir(dataDir, { recursive: true });
  try {
    const handle = await open(path, 'wx', 0o600);
    try {
      await handle.writeFile(randomBytes(KEY_BYTES).toString('base64'));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${path} does not hold a 32-byte base64 key`);
  return key;
}

/**
 * Seals short secrets (a database's password) for storage with AES-256-GCM under the server's key:
 * `v1:<iv>:<tag>:<ciphertext>`, base64. A text sealed under another key, or changed, does not open.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error('a secret box needs a 32-byte key');
  }

  /** The box of the configured key, else of the data folder's key file. */
  static async load({ secretKey, dataDir }: { secretKey?: Buffer; dataDir: string }): Promise<SecretBox> {
    return new SecretBox(secretKey ?? (await keyFileKey(dataDir)));
  }

  seal(text: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(
      ':',
    );
  }

  /** The text sealed in `sealed`; throws when it was sealed under another key or changed. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== VERSION || iv === undefined || tag === undefined || data === undefined)
      throw new Error('not a sealed secret of a known format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
