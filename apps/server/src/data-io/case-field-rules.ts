import type { RowProblem } from '@claims/core/admin/import-rows';
import type { FormType } from '@claims/core/form-types';
import { validateField } from '@claims/core/rules/engine';
import type { ClaimsCase } from '../case/claims-case';

/**
 * The case's own rules for a list's key columns: the credentials fields of the form a list
 * serves (a Notice ID's pattern, a PIN's length), as the sign-in page applies them, so that a
 * row is refused at import rather than failing every sign-in later.
 */
export function caseFieldProblems(
  claimsCase: ClaimsCase,
  formType: FormType,
  values: Record<string, string>,
  columns: readonly string[],
  now: Date,
): RowProblem[] {
  const fields = Object.values(claimsCase.modelConfig(formType, 'Credentials')?.fields ?? {});
  const problems: RowProblem[] = [];
  for (const column of columns) {
    const field = fields.find((candidate) => candidate.key === column);
    if (field === undefined) continue;
    const errors = validateField(field, {
      values: { [column]: values[column] ?? '' },
      characterWhitelist: null,
      now,
      side: 'server',
      localize: (key) => claimsCase.text(claimsCase.defaultCulture, key),
    });
    const first = errors[0];
    if (first !== undefined) problems.push({ column, problem: first.message });
  }
  return problems;
}
