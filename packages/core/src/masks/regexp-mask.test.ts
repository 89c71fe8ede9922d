import { describe, expect, it } from 'vitest';
import { regExpMaskRunner } from './regexp-mask';

describe('regExpMaskRunner', () => {
  it('drops characters that would make the value stop matching', () => {
    expect(regExpMaskRunner({ mask: /^[a-c]{0,2}$/ }).apply('abc')).toBe('ab');
  });

  it('refuses a global expression, whose test() depends on the previous call', () => {
    expect(() => regExpMaskRunner({ mask: /^a*$/g })).toThrow('must not have the g or y flag');
  });
});
