import type { DateSupport } from './date-rule-types';

/**
 * The date rules in a browser: the site loads them, with Luxon, for the pages that may check a
 * date and hands them over here (provideDateSupport), so that a page without date fields, a
 * landing page first of all, does not download the date library
 * (docs/architecture.md#web-layers). Chosen for browser builds by the "browser" condition of
 * this module's entry in package.json's exports; date-support.ts is the variant everywhere else.
 */
let provided: DateSupport | null = null;

export function dateSupport(): DateSupport {
  if (provided === null) {
    throw new Error(
      'a date rule was asked for before the date rules were loaded (the page loader loads them)',
    );
  }
  return provided;
}

export function provideDateSupport(support: DateSupport): void {
  provided = support;
}
