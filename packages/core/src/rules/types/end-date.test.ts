import { describe, expect, it } from 'vitest';
import { messages } from '../test-helpers';

const rule = { type: 'endDate', startProperty: 'StartDate' };
const inclusive = { ...rule, inclusive: true };

describe('endDate', () => {
  it('passes a day after the start field', () => {
    expect(messages(rule, '3/2/2024', { startDate: '3/1/2024' })).toEqual([]);
  });

  it('fails the same day as the start field', () => {
    expect(messages(rule, '3/1/2024', { startDate: '03/01/2024' })).toEqual([
      'The date must be after 03/01/2024',
    ]);
  });

  it('fails a day before the start field', () => {
    expect(messages(rule, '2/29/2024', { startDate: '3/1/2024' })).toEqual([
      'The date must be after 03/01/2024',
    ]);
  });

  it('when inclusive, passes the same day as the start field', () => {
    expect(messages(inclusive, '3/1/2024', { startDate: '3/1/2024' })).toEqual([]);
  });

  it('when inclusive, fails a day before the start field', () => {
    expect(messages(inclusive, '2/29/2024', { startDate: '3/1/2024' })).toEqual([
      'The date must be on or after 03/01/2024',
    ]);
  });

  it('passes while the start field holds no date', () => {
    expect(messages(rule, '2/29/2024', { startDate: '' })).toEqual([]);
  });

  it('fails an end value that is not a date', () => {
    expect(messages(rule, 'tomorrow', { startDate: '3/1/2024' })).toEqual([
      'Enter the date as mm/dd/yyyy',
    ]);
  });

  it('reads the start field from the target model', () => {
    const targeted = { ...rule, targetModel: { dtoMapping: 'ClaimDetails' } };
    const resolveModel = () => ({ startDate: '3/5/2024' });
    expect(messages(targeted, '3/2/2024', { startDate: '3/1/2024' }, { resolveModel })).toEqual([
      'The date must be after 03/05/2024',
    ]);
  });
});
