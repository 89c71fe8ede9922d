import { z } from 'zod';

/** Where a value stands inside a configuration document: keys and list indexes. */
export type Path = readonly PropertyKey[];

/** One thing wrong with a configuration document, at a path inside it. */
export interface Problem {
  path: Path;
  message: string;
}

/** 'case.forms.Standard[0].fields[2].key' for root 'case' and the path of that field key. */
export function formatPath(root: string, path: Path): string {
  return path.reduce<string>(
    (text, segment) =>
      typeof segment === 'number' ? `${text}[${segment}]` : `${text}.${String(segment)}`,
    root,
  );
}

/**
 * An object that refuses keys it does not know, naming the ones it does: a misspelt key in a
 * configuration file would otherwise be dropped without a word.
 */
export function strictObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unexpected key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}; expected ${Object.keys(shape).join(', ')}`
        : undefined,
  });
}

function quote(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(JSON.stringify(value) ?? value);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** The nearest named segment: the noun an error message talks about. */
function noun(path: Path): string {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const segment = path[index];
    if (typeof segment === 'string') return segment;
  }
  return 'value';
}

/**
 * A readable message for a zod issue, saying what was found and what is allowed. Needs the
 * issues of a parse run with `reportInput: true`.
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return `unexpected ${noun(issue.path)} ${quote(issue.input)}; expected one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_type':
      return issue.input === undefined
        ? `is required (expected ${issue.expected})`
        : `expected ${issue.expected}, got ${typeName(issue.input)}`;
    case 'invalid_union': {
      // zod reports the allowed discriminator values in `options`, absent from its types.
      const options = (issue as { options?: readonly unknown[] }).options;
      if (issue.discriminator !== undefined && options !== undefined) {
        const input = issue.input as Record<string, unknown> | undefined;
        const value = input?.[issue.discriminator];
        const what = issue.path.includes('validations') ? 'rule type' : issue.discriminator;
        return `${value === undefined ? `missing ${what}` : `unknown ${what} ${quote(value)}`}; expected one of ${options.map(String).join(', ')}`;
      }
      const expected = [
        ...new Set(
          issue.errors.flatMap((branch) =>
            branch.flatMap((inner) => (inner.code === 'invalid_type' ? [inner.expected] : [])),
          ),
        ),
      ];
      return expected.length > 0
        ? `expected ${expected.join(' or ')}, got ${typeName(issue.input)}`
        : 'matches none of the allowed forms';
    }
    case 'invalid_key':
      return `invalid key ${quote(issue.input)}: ${issue.issues.map(describeIssue).join('; ')}`;
    default:
      return issue.message;
  }
}

export function problemsFromIssues(issues: readonly z.core.$ZodIssue[]): Problem[] {
  return issues.map((issue) => ({ path: issue.path, message: describeIssue(issue) }));
}
