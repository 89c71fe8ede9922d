import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The key file in the data folder, beside secrets.json; made on first use, readable by its owner only. */
export const TOTP_KEY_FILE = 'admin-totp.key';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const FORMAT = 'v1';

/** Reads the TOTP encryption key from the data folder, making it the first time. */
export function loadOrCreateTotpKey(dataDir: string): Buffer {
  const file = path.join(dataDir, TOTP_KEY_FILE);
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`cannot read the TOTP key ${file}: ${(error as Error).message}`);
    }
  }
  if (text === undefined) {
    const key = randomBytes(KEY_BYTES);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  }
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `the TOTP key ${file} must hold ${KEY_BYTES} bytes in base64; it holds ${key.length}. Restore it from a backup (without it no enrolled authenticator can be checked), or delete it and reset every administrator's second factor (npm run admin -- user reset-2fa)`,
    );
  }
  return key;
}

/**
 * Encrypts TOTP secrets with AES-256-GCM under a key kept in the data folder, apart from the
 * database, so a copy of the database alone does not give the secrets. Each secret is bound
 * to its account (the account id is the associated data): moved to another row it does not
 * decrypt.
 */
export class TotpSecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`a TOTP key has ${KEY_BYTES} bytes`);
  }

  seal(secret: string, accountId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(accountId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
    return [FORMAT, ...parts].join(':');
  }

  /** The secret; throws when the text was not sealed with this key for this account. */
  open(sealed: string, accountId: string): string {
    const [format, iv, tag, data] = sealed.split(':');
    if (format !== FORMAT || iv === undefined || tag === undefined || data === undefined) {
      throw new Error('not a sealed TOTP secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
