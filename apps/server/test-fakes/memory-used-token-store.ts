import type { UsedTokenStore } from '../src/captcha/captcha-verifier';

export interface MemoryUsedTokenStore extends UsedTokenStore {
  /** Hashes currently remembered (expired ones dropped). */
  hashes(): string[];
}

/** In-process UsedTokenStore for tests; the server's own store is the database. */
export function createMemoryUsedTokenStore(
  now: () => Date = () => new Date(),
): MemoryUsedTokenStore {
  const entries = new Map<string, number>();
  const sweep = () => {
    const time = now().getTime();
    for (const [hash, expiresAt] of entries) {
      if (expiresAt <= time) entries.delete(hash);
    }
  };
  return {
    async markUsed(tokenHash, expiresAt) {
      sweep();
      if (entries.has(tokenHash)) return false;
      entries.set(tokenHash, expiresAt.getTime());
      return true;
    },
    hashes() {
      sweep();
      return [...entries.keys()];
    },
  };
}
