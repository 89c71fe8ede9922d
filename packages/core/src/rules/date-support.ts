import type { DateSupport } from './date-rule-types';
import { DATE_SUPPORT } from './date-rules';

/**
 * The date rules where they are always at hand: the server, the tools and the tests import them
 * with the rest of the rules. A browser build gets date-support.browser.ts instead (the "browser"
 * condition of this module's entry in package.json's exports).
 */
export function dateSupport(): DateSupport {
  return DATE_SUPPORT;
}

/** The date rules are here already; the browser's variant takes those the site loads. */
export function provideDateSupport(_support: DateSupport): void {}
