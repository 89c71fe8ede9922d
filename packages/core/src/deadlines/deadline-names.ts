import type { FormType } from '../form-types';
import { FIXED_ROUTES } from '../routes';

/**
 * The deadlines' names and the settings the browser keeps (docs/behaviour.md#deadlines). Nothing
 * here parses or formats a date, so the route guards need no date library.
 */
export const DEADLINE_NAMES = [
  'globalDeadline',
  'claimFilingDeadline',
  'automotiveFilingDeadline',
  'lookupFilingDeadline',
  'documentsUploadFilingDeadline',
] as const;
export type DeadlineName = (typeof DEADLINE_NAMES)[number];

/** The deadline of each form; claimFilingDeadline is the Standard form's. */
export const FORM_DEADLINES: Readonly<Record<FormType, DeadlineName>> = {
  Standard: 'claimFilingDeadline',
  Automotive: 'automotiveFilingDeadline',
  Lookup: 'lookupFilingDeadline',
  DocumentsUpload: 'documentsUploadFilingDeadline',
};

/** docs/behaviour.md#deadlines: date only, or date with 12-hour time and AM/PM. */
export const DEADLINE_FORMATS = ['MM/dd/yyyy', 'MM/dd/yyyy hh:mm:ss a'] as const;

/** The key of redirectTargets used for a culture that has no target of its own. */
export const DEFAULT_REDIRECT_KEY = 'default';

export const DEADLINE_PAGE = FIXED_ROUTES.defaultDeadline.path;

export interface DeadlineSetting {
  /** ISO instant in UTC. */
  deadline: string;
  /** Where to send a claimant once the deadline has passed, per culture code plus 'default'. */
  redirectTargets: Record<string, string>;
  /** IANA zone the deadline is shown in; absent when the response did not name one. */
  timeZone?: string;
}

export type DeadlineSettings = Partial<Record<DeadlineName, DeadlineSetting>>;
