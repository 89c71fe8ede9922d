import { createHmac, hkdfSync } from 'node:crypto';
import { TotpSecretBox } from '../admin/accounts/totp-secret-box';

/**
 * The keys of the drafts (docs/behaviour.md#drafts), derived from the session secret
 * (SESSION_SECRET, else DATA_DIR/secrets.json): one AES-256-GCM key that seals the answers at
 * rest (the same sealed-box format as the console's TOTP secrets, with the draft's name as
 * associated data), one HMAC key that names a member's draft without storing who the member is.
 * A new session secret ends the drafts as it ends the sessions.
 */
export class DraftCrypto {
  private readonly box: TotpSecretBox;
  private readonly nameKey: Buffer;

  constructor(secret: string) {
    this.box = new TotpSecretBox(
      Buffer.from(hkdfSync('sha256', secret, 'claims', 'draft-seal-v1', 32)),
    );
    this.nameKey = Buffer.from(hkdfSync('sha256', secret, 'claims', 'draft-name-v1', 32));
  }

  /** A keyed name of `text`: the same text gives the same name, and the name tells nothing of it. */
  name(text: string): string {
    return createHmac('sha256', this.nameKey).update(text).digest('hex');
  }

  /**
   * `plain` sealed with a fresh nonce, bound to `boundTo` (the draft's name), so sealed text
   * moved to another draft's row does not open.
   */
  seal(plain: string, boundTo: string): string {
    return this.box.seal(plain, boundTo);
  }

  /** The text `seal` sealed for `boundTo`; throws on text altered, moved or sealed with another key. */
  open(sealed: string, boundTo: string): string {
    return this.box.open(sealed, boundTo);
  }
}
