import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPTCHA_PROVIDER } from './captcha-providers';

describe('captcha providers', () => {
  it('uses HCaptcha by default', () => {
    expect(DEFAULT_CAPTCHA_PROVIDER).toBe('HCaptcha');
  });
});
