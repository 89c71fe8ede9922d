import type { CaseDefinition } from './case-schema';
import { REQUIRED_CONTENT_KEYS } from './content-keys';
import { enabledCultureCodes } from './cultures';
import { localizationProblem } from './localization';
import type { Path, Problem } from './schema-issues';

/** Properties whose string (or list of strings) values are content keys. */
const CONTENT_KEY_PROPERTIES = new Set([
  'projectTitleKey',
  'projectSubtitleKey',
  'altKey',
  'headerKey',
  'copyKeys',
  'titleKey',
  'headingKey',
  'paragraphKeys',
  'labelKey',
  'valueKey',
  'questionKey',
  'answerKey',
  'descriptionKey',
  'messageKey',
  'whatToSendKey',
  'label',
]);

/** Every content key the definition names, with where it names it. */
function contentKeyReferences(value: unknown, path: Path = []): { key: string; path: Path }[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => contentKeyReferences(item, [...path, index]));
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([property, child]) => {
    const childPath = [...path, property];
    if (CONTENT_KEY_PROPERTIES.has(property)) {
      if (typeof child === 'string') return child === '' ? [] : [{ key: child, path: childPath }];
      if (Array.isArray(child)) {
        return child.flatMap((key, index) =>
          typeof key === 'string' ? [{ key, path: [...childPath, index] }] : [],
        );
      }
    }
    return contentKeyReferences(child, childPath);
  });
}

/**
 * The copy of every culture: no refused markup, the same keys in every enabled culture, a text
 * for each key the site shows and for each key the definition names.
 */
export function contentProblems(caseDef: CaseDefinition): Problem[] {
  const problems: Problem[] = [];
  for (const [culture, entries] of Object.entries(caseDef.content)) {
    for (const [key, value] of Object.entries(entries)) {
      const problem = localizationProblem(key, value);
      if (problem !== null) problems.push({ path: ['content', culture, key], message: problem });
    }
  }
  const defaultCulture = caseDef.cultures.default;
  const reference = caseDef.content[defaultCulture];
  for (const culture of enabledCultureCodes(caseDef)) {
    const entries = caseDef.content[culture];
    if (entries === undefined) {
      problems.push({
        path: ['content', culture],
        message: `no content for the enabled culture "${culture}"`,
      });
      continue;
    }
    if (culture === defaultCulture || reference === undefined) continue;
    // Every culture carries the same keys as the default one, so a claimant reading any
    // language sees a text wherever an English reader does.
    for (const key of Object.keys(reference)) {
      if (!Object.hasOwn(entries, key)) {
        problems.push({
          path: ['content', culture, key],
          message: `missing; the default culture "${defaultCulture}" has this key`,
        });
      }
    }
    for (const key of Object.keys(entries)) {
      if (!Object.hasOwn(reference, key)) {
        problems.push({
          path: ['content', culture, key],
          message: `not in the default culture "${defaultCulture}"; every culture needs the same keys`,
        });
      }
    }
  }
  if (reference === undefined) return problems;
  for (const key of REQUIRED_CONTENT_KEYS) {
    if (!Object.hasOwn(reference, key)) {
      problems.push({
        path: ['content', defaultCulture, key],
        message: 'missing; the site shows this text on its pages',
      });
    }
  }
  const { content: _content, ...rest } = caseDef;
  for (const { key, path } of contentKeyReferences(rest)) {
    if (!Object.hasOwn(reference, key)) {
      problems.push({
        path,
        message: `content key "${key}" is not in the content of the default culture "${defaultCulture}"`,
      });
    }
  }
  return problems;
}
