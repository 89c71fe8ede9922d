import type { Actor } from '../lifecycle/transitions';

/**
 * What each administrator may do. Accounts are made on the server's command line with one of
 * these roles; the server checks the permission of every admin route (403 without it) and the
 * console hides what the role cannot use.
 */

export const ADMIN_ROLES = ['viewer', 'reviewer', 'supervisor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_PERMISSIONS = [
  /** The queue and each claim's details, history and fraud reasons. */
  'claims:read',
  /** A claim's documents: viewing and downloading them. */
  'documents:read',
  /** Status changes, one claim at a time or in bulk. */
  'claims:transition',
  /** Paging through the audit log. */
  'audit:read',
  /** Exports of the case's data, the audit log's CSV among them. */
  'data:export',
  /** Imports into the case: class lists, vehicle lists, the payer's results. */
  'data:import',
  /** Lifting the fraud hold of a claim (a denial is a status change, claims:transition). */
  'fraud:release',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

const ROLE_PERMISSIONS: Readonly<Record<AdminRole, readonly AdminPermission[]>> = {
  viewer: ['claims:read'],
  reviewer: ['claims:read', 'documents:read', 'claims:transition'],
  supervisor: ADMIN_PERMISSIONS,
};

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}

export function permissionsOf(role: AdminRole): readonly AdminPermission[] {
  return ROLE_PERMISSIONS[role];
}

export function hasPermission(role: AdminRole, permission: AdminPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The lifecycle actor an administrator acts as when changing a claim's status; null for a
 * viewer, who changes nothing.
 */
export function lifecycleActorOf(
  role: AdminRole,
): Extract<Actor, 'reviewer' | 'supervisor'> | null {
  return role === 'viewer' ? null : role;
}
