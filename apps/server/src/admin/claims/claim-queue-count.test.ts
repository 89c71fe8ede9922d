import { claimsQuerySchema } from '@claims/core/admin/admin-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { listClaims } from './claim-queue';
import { useAdminTestApp } from './testing/admin-test-app';
import { fileTestClaim } from './testing/claim-fixtures';

const env = useAdminTestApp([]);
const FILED = 26;

beforeAll(async () => {
  for (let i = 0; i < FILED; i += 1) {
    await fileTestClaim(env.app, { filedAt: new Date(Date.UTC(2027, 1, 1, 0, i)) });
  }
});

// A count limit of 1 stands for the console's 10,000: the count reaches the end of the page.
describe("the claims queue's count", () => {
  it('stops past the first page and says that more claims match', async () => {
    const page = await listClaims(env.app.db, claimsQuerySchema.parse({}), 'UTC', 1);

    expect(page).toMatchObject({ total: 25, moreThanTotal: true, page: 1, pageSize: 25 });
    expect(page.items).toHaveLength(25);
  });

  it('counts every claim up to the end of the page asked for', async () => {
    const page = await listClaims(env.app.db, claimsQuerySchema.parse({ page: 2 }), 'UTC', 1);

    expect(page).toMatchObject({ total: FILED, moreThanTotal: false, page: 2 });
    expect(page.items).toHaveLength(1);
  });
});
