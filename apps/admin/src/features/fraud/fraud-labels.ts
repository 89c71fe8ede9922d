import type { ClusterKey } from '@claims/core/admin/fraud-api';

/** What a claim of a cluster shares with the claim shown. */
export const CLUSTER_KEY_LABELS = {
  ip: 'IP address',
  device: 'Browser',
  member: 'Class member',
  vin: 'VIN',
  name: 'Name',
  address: 'Mailing address',
  email: 'E-mail address',
  phone: 'Phone number',
  payout: 'Payout account',
} as const satisfies Record<ClusterKey, string>;
