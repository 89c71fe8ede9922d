import { describe, expect, it } from 'vitest';
import { parseCaseDefinition } from './parse-case';
import { minimalCaseWith, problemsOf } from './test-helpers';

describe('parseCaseDefinition', () => {
  it('throws a CaseDefinitionError whose message counts the problems', () => {
    expect(() => parseCaseDefinition(minimalCaseWith([['theme'], 'x']))).toThrow(
      /^invalid case definition \(1 problem\):\n/,
    );
  });

  it('refuses a definition that is not an object', () => {
    expect(() => parseCaseDefinition('theme: x')).toThrow('case: expected object, got string');
  });

  it('reports every problem of a definition at once', () => {
    const problems = problemsOf([['theme'], 'x'], [['captcha', 'provider'], 'Turnstile']);
    expect(problems).toHaveLength(2);
  });
});
