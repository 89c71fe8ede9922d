import { describe, expect, it } from 'vitest';
import { REQUIRED_CONTENT_KEYS, UI_CONTENT_KEYS } from './content-keys';

describe('UI content keys', () => {
  it('lists every key once', () => {
    expect(new Set(REQUIRED_CONTENT_KEYS).size).toBe(REQUIRED_CONTENT_KEYS.length);
  });

  it('lists the keys of every group', () => {
    expect(REQUIRED_CONTENT_KEYS).toContain(UI_CONTENT_KEYS.header.home);
    expect(REQUIRED_CONTENT_KEYS).toContain(UI_CONTENT_KEYS.records.fileExists);
  });

  it('names every key with the LocKey_ prefix the content files use', () => {
    expect(REQUIRED_CONTENT_KEYS.filter((key) => !/^LocKey_[A-Za-z0-9_]+$/.test(key))).toEqual([]);
  });
});
