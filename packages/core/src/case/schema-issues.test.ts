import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { describeIssue, formatPath, strictObject } from './schema-issues';

function firstMessage(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected the input to be refused');
  return describeIssue(result.error.issues[0] as z.core.$ZodIssue);
}

describe('formatPath', () => {
  it('writes names with dots and list positions in brackets', () => {
    expect(formatPath('case', ['forms', 'Standard', 0, 'fields', 2, 'key'])).toBe(
      'case.forms.Standard[0].fields[2].key',
    );
  });

  it('gives the root alone for an empty path', () => {
    expect(formatPath('case', [])).toBe('case');
  });
});

describe('describeIssue', () => {
  it('names the unexpected value and the allowed ones', () => {
    expect(firstMessage(z.object({ color: z.enum(['red', 'blue']) }), { color: 'green' })).toBe(
      'unexpected color "green"; expected one of red, blue',
    );
  });

  it('calls a value without a name a value', () => {
    expect(firstMessage(z.enum(['a', 'b']), 'c')).toBe(
      'unexpected value "c"; expected one of a, b',
    );
  });

  it('says what type it expected and what it got', () => {
    expect(firstMessage(z.object({ n: z.number() }), { n: [1] })).toBe(
      'expected number, got a list',
    );
  });

  it('keeps the message a schema gives', () => {
    expect(firstMessage(z.string().min(3, 'too short'), 'ab')).toBe('too short');
  });

  it('lists the entries of a union it expected', () => {
    expect(firstMessage(z.union([z.string(), z.number()]), null)).toBe(
      'expected string or number, got null',
    );
  });

  it('falls back to a plain sentence for a union of shapes', () => {
    expect(firstMessage(z.union([z.literal('a'), z.literal('b')]), 'c')).toBe(
      'matches none of the allowed forms',
    );
  });
});

describe('strictObject', () => {
  it('names the unexpected keys and the expected ones', () => {
    expect(firstMessage(strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toBe(
      'unexpected keys "b", "c"; expected a',
    );
  });
});
