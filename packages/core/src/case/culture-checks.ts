import type { CaseDefinition } from './case-schema';
import type { Problem } from './schema-issues';

/** The default culture must be listed and enabled. */
export function cultureProblems(caseDef: CaseDefinition): Problem[] {
  const { default: defaultCulture, enabled } = caseDef.cultures;
  const entry = enabled[defaultCulture];
  if (entry === undefined) {
    return [
      {
        path: ['cultures', 'default'],
        message: `default culture "${defaultCulture}" is not listed; expected one of ${Object.keys(enabled).join(', ') || '(none)'}`,
      },
    ];
  }
  if (!entry.enabled) {
    return [
      {
        path: ['cultures', 'enabled', defaultCulture, 'enabled'],
        message: `the default culture "${defaultCulture}" must be enabled`,
      },
    ];
  }
  return [];
}
