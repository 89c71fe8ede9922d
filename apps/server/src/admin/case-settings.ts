import type { AdminLifecycleSettings } from '@claims/core/admin/admin-api';
import {
  DEFAULT_APPEAL_WINDOW_DAYS,
  DEFAULT_CURE_WINDOW_DAYS,
} from '@claims/core/lifecycle/lifecycle-settings';
import type { ClaimsCase } from '../case/claims-case';

/** The text of a content key in the case's default culture; the key itself if it has none. */
function label(claimsCase: ClaimsCase, key: string): string {
  return claimsCase.text(claimsCase.defaultCulture, key) ?? key;
}

/**
 * The case's lifecycle settings as the console shows them, in the case's default culture.
 * A case without lifecycle settings offers no reasons and the default windows.
 */
export function adminLifecycleSettings(claimsCase: ClaimsCase): AdminLifecycleSettings {
  const lifecycle = claimsCase.definition.lifecycle;
  return {
    timeZone: claimsCase.projectTimeZone,
    cureWindowDays: lifecycle?.cureWindowDays ?? DEFAULT_CURE_WINDOW_DAYS,
    appealWindowDays: lifecycle?.appealWindowDays ?? DEFAULT_APPEAL_WINDOW_DAYS,
    deficiencyReasons: (lifecycle?.deficiencyReasons ?? []).map((reason) => ({
      code: reason.code,
      label: label(claimsCase, reason.labelKey),
      whatToSend: label(claimsCase, reason.whatToSendKey),
    })),
    denialReasons: (lifecycle?.denialReasons ?? []).map((reason) => ({
      code: reason.code,
      label: label(claimsCase, reason.labelKey),
    })),
  };
}

/** The case's enabled cultures with their names, the default first. */
export function adminCultures(claimsCase: ClaimsCase): { code: string; name: string }[] {
  const codes = [
    claimsCase.defaultCulture,
    ...claimsCase.enabledCultures.filter((code) => code !== claimsCase.defaultCulture),
  ];
  return codes.map((code) => ({
    code,
    name: claimsCase.definition.cultures.enabled[code]?.name ?? code,
  }));
}
