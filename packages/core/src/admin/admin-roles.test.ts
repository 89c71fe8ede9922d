import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  hasPermission,
  isAdminRole,
  lifecycleActorOf,
  permissionsOf,
} from './admin-roles';

describe('admin roles', () => {
  it('lets a viewer read claims but not their documents', () => {
    expect(hasPermission('viewer', 'claims:read')).toBe(true);
    expect(hasPermission('viewer', 'documents:read')).toBe(false);
  });

  it('lets a viewer change no status', () => {
    expect(hasPermission('viewer', 'claims:transition')).toBe(false);
    expect(lifecycleActorOf('viewer')).toBeNull();
  });

  it('lets a reviewer read documents and change statuses', () => {
    expect(permissionsOf('reviewer')).toEqual([
      'claims:read',
      'documents:read',
      'claims:transition',
    ]);
  });

  it('keeps the audit log, imports and exports from a reviewer', () => {
    expect(hasPermission('reviewer', 'audit:read')).toBe(false);
    expect(hasPermission('reviewer', 'data:export')).toBe(false);
    expect(hasPermission('reviewer', 'data:import')).toBe(false);
  });

  it('gives a supervisor every permission', () => {
    expect(permissionsOf('supervisor')).toEqual(ADMIN_PERMISSIONS);
  });

  it('has reviewers and supervisors act as the lifecycle actors of the same name', () => {
    expect(lifecycleActorOf('reviewer')).toBe('reviewer');
    expect(lifecycleActorOf('supervisor')).toBe('supervisor');
  });

  it('knows the three roles and nothing else', () => {
    expect(isAdminRole('supervisor')).toBe(true);
    expect(isAdminRole('admin')).toBe(false);
    expect(isAdminRole(undefined)).toBe(false);
  });
});
