/** Dates claimants enter are calendar days in this zone (docs/behaviour.md#dates). */
export const ENTRY_ZONE = 'America/Los_Angeles';
