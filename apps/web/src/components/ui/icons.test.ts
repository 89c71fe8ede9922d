import { describe, expect, it } from 'vitest';
import { REGISTERED_ICONS, iconDefinition } from './icons';

const SPEC_ICONS = [
  'trash',
  'user-secret',
  'envelope',
  'phone',
  'paper-plane',
  'pen',
  'plus',
  'check',
  'circle-info',
  'location-dot',
  'chevron-down',
  'globe',
  'x',
] as const;

describe('icons', () => {
  it('registers exactly the thirteen icons of the spec', () => {
    expect(REGISTERED_ICONS.map((icon) => icon.iconName).sort()).toEqual([...SPEC_ICONS].sort());
  });

  it('makes each of them findable by name', () => {
    for (const iconName of SPEC_ICONS) {
      expect(iconDefinition(iconName).iconName).toBe(iconName);
    }
  });

  it('refuses an icon outside the thirteen, naming the ones that exist', () => {
    expect(() => iconDefinition('house')).toThrow(
      'unknown icon "house"; expected one of check, chevron-down, circle-info',
    );
  });
});
