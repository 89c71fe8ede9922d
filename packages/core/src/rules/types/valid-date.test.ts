import { describe, expect, it } from 'vitest';
import { messages } from '../test-helpers';

const rule = { type: 'validDate', formats: ['MM/dd/yyyy', 'yyyy-MM-dd'] };

describe('validDate', () => {
  it('passes a date in the first format', () => {
    expect(messages(rule, '02/29/2024')).toEqual([]);
  });

  it('passes a date in another listed format', () => {
    expect(messages(rule, '2024-02-29')).toEqual([]);
  });

  it('fails a date in no listed format, naming the formats', () => {
    expect(messages(rule, '2/29/2024')).toEqual([
      'The value must be a valid date (MM/dd/yyyy, yyyy-MM-dd)',
    ]);
  });

  it('fails a day that does not exist', () => {
    expect(messages(rule, '02/30/2024')).toEqual([
      'The value must be a valid date (MM/dd/yyyy, yyyy-MM-dd)',
    ]);
  });

  it('fails a value that is not text', () => {
    expect(messages(rule, 20240229)).toEqual([
      'The value must be a valid date (MM/dd/yyyy, yyyy-MM-dd)',
    ]);
  });
});
