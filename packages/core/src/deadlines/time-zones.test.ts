import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  isWindowsTimeZone,
  WINDOWS_TIME_ZONES,
  WINDOWS_TO_IANA,
  windowsToIana,
  type WindowsTimeZone,
} from './time-zones';

interface WindowsZones {
  supplemental: {
    windowsZones: {
      mapTimezones: { mapZone: { _other: string; _type: string; _territory: string } }[];
    };
  };
}

/** CLDR's own Windows-to-IANA table, from the cldr-core package. */
function cldrGoldenZones(): Map<string, string> {
  const file = createRequire(import.meta.url).resolve('cldr-core/supplemental/windowsZones.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as WindowsZones;
  const golden = new Map<string, string>();
  for (const { mapZone } of data.supplemental.windowsZones.mapTimezones) {
    if (mapZone._territory === '001') golden.set(mapZone._other, mapZone._type);
  }
  return golden;
}

describe('WINDOWS_TO_IANA', () => {
  it('holds the 13 zones of the United States and Canada', () => {
    expect(WINDOWS_TIME_ZONES).toEqual([
      'Hawaiian Standard Time',
      'Aleutian Standard Time',
      'Alaskan Standard Time',
      'Pacific Standard Time',
      'US Mountain Standard Time',
      'Mountain Standard Time',
      'Central Standard Time',
      'Canada Central Standard Time',
      'Eastern Standard Time',
      'US Eastern Standard Time',
      'Atlantic Standard Time',
      'Newfoundland Standard Time',
      'Yukon Standard Time',
    ]);
  });

  const golden = cldrGoldenZones();
  it.each(Object.entries(WINDOWS_TO_IANA))(
    'maps %s as CLDR does for territory 001',
    (windows, iana) => {
      expect(golden.get(windows)).toBe(iana);
    },
  );

  it.each(Object.values(WINDOWS_TO_IANA))('names %s, a zone the date library knows', (iana) => {
    expect(DateTime.now().setZone(iana).isValid).toBe(true);
  });
});

describe('windowsToIana', () => {
  it('maps a Windows name to its IANA zone', () => {
    expect(windowsToIana('Pacific Standard Time')).toBe('America/Los_Angeles');
  });

  it('refuses an unknown name and lists the known ones', () => {
    expect(() => windowsToIana('Mars Standard Time')).toThrow(
      `Unknown time zone "Mars Standard Time"; expected one of ${WINDOWS_TIME_ZONES.join(', ')}`,
    );
  });

  it('refuses names inherited from Object.prototype', () => {
    expect(() => windowsToIana('toString')).toThrow('Unknown time zone "toString"');
  });

  it('refuses an IANA name given in place of a Windows name', () => {
    expect(isWindowsTimeZone('America/Chicago')).toBe(false);
  });

  it('accepts every listed Windows name', () => {
    const names: WindowsTimeZone[] = [...WINDOWS_TIME_ZONES];
    expect(names.every(isWindowsTimeZone)).toBe(true);
  });
});
