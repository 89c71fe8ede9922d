import { DEADLINE_NAMES, DEFAULT_REDIRECT_KEY } from '../deadlines/deadlines';
import type { CaseDefinition } from './case-schema';
import { enabledCultureCodes } from './cultures';
import type { Problem } from './schema-issues';

/** Redirect targets only for enabled cultures; key dates only of deadlines the case defines. */
export function deadlineProblems(caseDef: CaseDefinition): Problem[] {
  const problems: Problem[] = [];
  const enabled = enabledCultureCodes(caseDef);
  for (const name of DEADLINE_NAMES) {
    for (const culture of Object.keys(caseDef.deadlines[name]?.redirectUrls ?? {})) {
      if (culture !== DEFAULT_REDIRECT_KEY && !enabled.includes(culture)) {
        problems.push({
          path: ['deadlines', name, 'redirectUrls', culture],
          message: `culture "${culture}" is not enabled; expected one of ${[...enabled, DEFAULT_REDIRECT_KEY].join(', ')}`,
        });
      }
    }
  }
  caseDef.pages.keyDates.dates.forEach((row, index) => {
    if (row.deadline !== undefined && caseDef.deadlines[row.deadline] === undefined) {
      problems.push({
        path: ['pages', 'keyDates', 'dates', index, 'deadline'],
        message: `deadline ${row.deadline} is not defined under case.deadlines`,
      });
    }
  });
  return problems;
}
