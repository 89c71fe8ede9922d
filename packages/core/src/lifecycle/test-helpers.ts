import { lifecycleSettingsSchema, type LifecycleSettings } from './lifecycle-settings';

/** Lifecycle settings as a case would write them; each call returns a fresh object. */
export function lifecycleSettingsSource(): Record<string, unknown> {
  return {
    cureWindowDays: 30,
    appealWindowDays: 45,
    uncuredDenialReason: 'deficiency_not_cured',
    deficiencyReasons: [
      {
        code: 'missing_receipt',
        labelKey: 'LocKey_Deficiency_MissingReceipt',
        whatToSendKey: 'LocKey_Deficiency_MissingReceipt_Send',
      },
      {
        code: 'unreadable_document',
        labelKey: 'LocKey_Deficiency_Unreadable',
        whatToSendKey: 'LocKey_Deficiency_Unreadable_Send',
      },
    ],
    denialReasons: [
      { code: 'not_a_member', labelKey: 'LocKey_Denial_NotAMember' },
      { code: 'deficiency_not_cured', labelKey: 'LocKey_Denial_NotCured' },
      { code: 'duplicate_claim', labelKey: 'LocKey_Denial_Duplicate' },
    ],
  };
}

export const SETTINGS: LifecycleSettings = lifecycleSettingsSchema.parse(lifecycleSettingsSource());

export const ZONE = 'America/Los_Angeles';
