import { describe, expect, it } from 'vitest';
import { messages } from '../test-helpers';

const rule = { type: 'requiredOnClientOnly' };

describe('requiredOnClientOnly', () => {
  it('fails on an empty value in the browser', () => {
    expect(messages(rule, '', {}, { side: 'client' })).toEqual(['Value is required']);
  });

  it('passes a present value in the browser', () => {
    expect(messages(rule, 'x', {}, { side: 'client' })).toEqual([]);
  });

  it('is skipped by the server', () => {
    expect(messages(rule, '', {}, { side: 'server' })).toEqual([]);
  });
});
