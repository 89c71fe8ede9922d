/**
 * Windows time-zone names of the United States and Canada and their IANA zones
 * (docs/behaviour.md#deadlines). Each IANA name is CLDR's windowsZones mapping for territory "001".
 */
export const WINDOWS_TO_IANA = {
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Aleutian Standard Time': 'America/Adak',
  'Alaskan Standard Time': 'America/Anchorage',
  'Pacific Standard Time': 'America/Los_Angeles',
  'US Mountain Standard Time': 'America/Phoenix',
  'Mountain Standard Time': 'America/Denver',
  'Central Standard Time': 'America/Chicago',
  'Canada Central Standard Time': 'America/Regina',
  'Eastern Standard Time': 'America/New_York',
  'US Eastern Standard Time': 'America/Indianapolis',
  'Atlantic Standard Time': 'America/Halifax',
  'Newfoundland Standard Time': 'America/St_Johns',
  'Yukon Standard Time': 'America/Whitehorse',
} as const;

export type WindowsTimeZone = keyof typeof WINDOWS_TO_IANA;
export type IanaTimeZone = (typeof WINDOWS_TO_IANA)[WindowsTimeZone];

export const WINDOWS_TIME_ZONES = Object.keys(WINDOWS_TO_IANA) as WindowsTimeZone[];

export function isWindowsTimeZone(name: string): name is WindowsTimeZone {
  return Object.hasOwn(WINDOWS_TO_IANA, name);
}

/**
 * Throws 'Unknown time zone' (docs/behaviour.md#configuration-errors) for a name outside the table.
 */
export function windowsToIana(name: string): IanaTimeZone {
  if (!isWindowsTimeZone(name)) {
    throw new Error(
      `Unknown time zone "${name}"; expected one of ${WINDOWS_TIME_ZONES.join(', ')}`,
    );
  }
  return WINDOWS_TO_IANA[name];
}
