import { describe, expect, it } from 'vitest';
import { DraftCrypto } from './draft-crypto';

const crypto = new DraftCrypto('a-session-secret-of-at-least-thirty-two-characters');

describe('DraftCrypto', () => {
  it('opens what it sealed, and the sealed text does not hold the answers', () => {
    const sealed = crypto.seal('{"firstName":"Ana"}', 'draft-1');
    expect(sealed).not.toContain('Ana');
    expect(crypto.open(sealed, 'draft-1')).toBe('{"firstName":"Ana"}');
  });

  it('seals the same text differently each time', () => {
    expect(crypto.seal('same', 'draft-1')).not.toBe(crypto.seal('same', 'draft-1'));
  });

  it('refuses sealed text moved to another draft', () => {
    const sealed = crypto.seal('answers', 'draft-1');
    expect(() => crypto.open(sealed, 'draft-2')).toThrow();
  });

  it('refuses sealed text under another secret', () => {
    const other = new DraftCrypto('another-secret-of-at-least-thirty-two-characters!');
    expect(() => other.open(crypto.seal('answers', 'draft-1'), 'draft-1')).toThrow();
  });

  it('names a text the same way each time without showing it', () => {
    expect(crypto.name('Standard:NW1')).toBe(crypto.name('Standard:NW1'));
    expect(crypto.name('Standard:NW1')).not.toContain('NW1');
  });
});
