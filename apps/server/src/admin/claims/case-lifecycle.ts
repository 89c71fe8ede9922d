import type { AdminLifecycleSettings } from '@claims/core/admin/admin-api';
import {
  DEFAULT_APPEAL_WINDOW_DAYS,
  DEFAULT_CURE_WINDOW_DAYS,
  type LifecycleSettings,
} from '@claims/core/lifecycle/lifecycle-settings';
import type { ClaimsCase } from '../../case/claims-case';
import { adminLifecycleSettings } from '../case-settings';

/** The case's lifecycle settings as the server applies them and as the console shows them. */
export interface CaseLifecycle {
  settings: LifecycleSettings;
  /** The case's IANA time zone: windows end, and queue dates are days, in it. */
  timeZone: string;
  admin: AdminLifecycleSettings;
}

/**
 * The case definition's `lifecycle` section. A case that leaves it out offers no reasons (so
 * its claims cannot be marked deficient or denied, and none is ever deficient to deny
 * uncured) and the default windows.
 */
export function caseLifecycle(claimsCase: ClaimsCase): CaseLifecycle {
  const settings = claimsCase.definition.lifecycle ?? {
    cureWindowDays: DEFAULT_CURE_WINDOW_DAYS,
    appealWindowDays: DEFAULT_APPEAL_WINDOW_DAYS,
    deficiencyReasons: [],
    denialReasons: [],
    uncuredDenialReason: '',
  };
  return {
    settings,
    timeZone: claimsCase.projectTimeZone,
    admin: adminLifecycleSettings(claimsCase),
  };
}
