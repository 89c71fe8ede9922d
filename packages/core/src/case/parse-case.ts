import { caseDefinitionSchema, type CaseDefinition } from './case-schema';
import { contentProblems } from './content-checks';
import { cultureProblems } from './culture-checks';
import { deadlineProblems } from './deadline-checks';
import { formProblems } from './form-checks';
import { formatPath, problemsFromIssues, type Problem } from './schema-issues';

/** Thrown by parseCaseDefinition; the message has one line per problem. */
export class CaseDefinitionError extends Error {
  override name = 'CaseDefinitionError';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      `invalid case definition (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.join('\n')}`,
    );
    this.problems = problems;
  }
}

const ROOT = 'case';

function fail(problems: readonly Problem[]): never {
  throw new CaseDefinitionError(
    problems.map((problem) => `${formatPath(ROOT, problem.path)}: ${problem.message}`),
  );
}

/**
 * Validates a case definition: its shape first, then what holds across its parts (content in
 * every culture, field references, deadlines). Throws a CaseDefinitionError naming the path
 * and the problem of each issue, e.g.
 * `case.theme: unexpected theme "x"; expected one of jnd-7-0-default, ftc-7-0-default, jnd-9-0-kontent`.
 */
export function parseCaseDefinition(raw: unknown): CaseDefinition {
  const parsed = caseDefinitionSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) fail(problemsFromIssues(parsed.error.issues));
  const problems = findCaseProblems(parsed.data);
  if (problems.length > 0) fail(problems);
  return parsed.data;
}

/**
 * The checks of a case definition that span more than one value: they run once its shape
 * has parsed, and each returns every problem it finds so the administrator sees them all.
 */
function findCaseProblems(caseDef: CaseDefinition): Problem[] {
  return [
    ...cultureProblems(caseDef),
    ...contentProblems(caseDef),
    ...deadlineProblems(caseDef),
    ...formProblems(caseDef),
  ];
}
