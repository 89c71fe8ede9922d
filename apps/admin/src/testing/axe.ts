import axe from 'axe-core';
import { expect } from 'vitest';

/** The WCAG levels every page of the console is checked against. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** Runs axe-core over the whole document (dialogs render outside the app's root). */
export async function expectNoAxeViolations(): Promise<void> {
  const results = await axe.run(document.body, { runOnly: { type: 'tag', values: TAGS } });
  const problems = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(problems).toEqual([]);
}
