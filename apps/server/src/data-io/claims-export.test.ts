import { createHash } from 'node:crypto';
import { claimTransitionsPath } from '@claims/core/admin/admin-api';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../admin/claims/testing/admin-test-app';
import {
  fileTestClaim,
  placeClaimAt,
  scoreTestClaim,
  TEST_PDF,
} from '../admin/claims/testing/claim-fixtures';
import { fieldColumns, filteredClaims, HeapBudget } from './claims-export';
import { csvRecords, downloadFile, exportAndWait } from './testing/data-io-test-kit';
import { zipEntries } from './testing/zip-entries';

const env = useAdminTestApp(['supervisor']);
const supervisor = () => env.browser('supervisor');

/** The header the case gives a field in English. */
function header(key: string, part = 'claimantInfo'): string {
  const column = fieldColumns(env.app.claimsCase, ['Standard'], 'en').find(
    (candidate) => candidate.part === part && candidate.key === key,
  );
  if (column === undefined) throw new Error(`no column for ${key}`);
  return column.header;
}

describe('a claims export', () => {
  it('reads every matching claim once, batch after batch, in filing order then by id', async () => {
    const at = new Date('2031-05-05T10:00:00.000Z');
    const later = new Date('2031-05-05T10:01:00.000Z');
    const filed: { id: string; at: number }[] = [];
    for (const filedAt of [later, at, at, later, at]) {
      const claim = await fileTestClaim(env.app, { filedAt });
      filed.push({ id: claim.id, at: filedAt.getTime() });
    }
    const byFiling = filed
      .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
      .map((claim) => claim.id);

    const batches: string[][] = [];
    const oneDay = { filedFrom: '2031-05-05', filedTo: '2031-05-05' };
    for await (const batch of filteredClaims(env.app.db, oneDay, 'UTC', 2)) {
      batches.push(batch.map((row) => row.id));
    }

    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(batches.flat()).toEqual(byFiling);
  });

  it('writes one CSV row per claim the filters match, with status, history and fraud', async () => {
    // Filed a second apart: two claims of the same millisecond come in the order of their ids.
    const filed = env.app.now().getTime();
    const reviewed = await fileTestClaim(env.app, {
      firstName: 'Reviewed',
      lastName: 'Person',
      filedAt: new Date(filed - 2_000),
    });
    const held = await fileTestClaim(env.app, {
      firstName: 'Held',
      lastName: 'Person',
      filedAt: new Date(filed - 1_000),
    });
    const other = await fileTestClaim(env.app, { firstName: 'Other' });
    await placeClaimAt(env.app, other.id, 'denied');
    await scoreTestClaim(env.app, held.id, 300, 'hold');
    const moved = await supervisor().request({
      method: 'POST',
      url: claimTransitionsPath(reviewed.id),
      payload: { transition: 'start_review', expectedStatus: 'received' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await placeClaimAt(env.app, held.id, 'in_review');

    const job = await exportAndWait(supervisor(), {
      kind: 'claims-csv',
      filters: { status: ['in_review'] },
    });

    expect(job).toMatchObject({ state: 'done', rowsDone: 2, hasFile: true });
    const file = await downloadFile(supervisor(), job.id);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const rows = csvRecords(file.body);
    expect(rows.map((row) => row.Reference)).toEqual([reviewed.referenceCode, held.referenceCode]);
    const [first, second] = rows as [Record<string, string>, Record<string, string>];
    expect(first).toMatchObject({
      Status: 'in_review',
      'Form type': 'Standard',
      'Fraud score': '',
    });
    expect(first['Status history']).toMatch(/^\d{4}-\d\d-\d\dT[^ ]+ in_review$/);
    expect(first[header('firstName')]).toBe('Reviewed');
    expect(second).toMatchObject({
      'Fraud score': '300',
      'Fraud decision': 'hold',
      'Fraud reasons': 'velocity_ip',
      'Status history': '',
    });
    expect(second[header('firstName')]).toBe('Held');
  });

  it('escapes cells a spreadsheet would run as formulas', async () => {
    const claim = await fileTestClaim(env.app, {
      firstName: '=HYPERLINK("http://x")',
      lastName: '+1',
    });
    await placeClaimAt(env.app, claim.id, 'withdrawn');

    const job = await exportAndWait(supervisor(), {
      kind: 'claims-csv',
      filters: { status: ['withdrawn'] },
    });

    const [row] = csvRecords((await downloadFile(supervisor(), job.id)).body);
    expect(row?.[header('firstName')]).toBe(`'=HYPERLINK("http://x")`);
    expect(row?.[header('lastName')]).toBe(`'+1`);
  });

  it('masks the payout destination and keeps the method', async () => {
    const claim = await fileTestClaim(env.app);
    await placeClaimAt(env.app, claim.id, 'approved');
    const stored = await env.app.db
      .selectFrom('claims')
      .select('models')
      .where('id', '=', claim.id)
      .executeTakeFirstOrThrow();
    const models = JSON.parse(stored.models) as { claimDetails: { fields: object } };
    models.claimDetails.fields = {
      ...models.claimDetails.fields,
      paymentMethod: 'PayPal',
      paymentEmail: 'member@example.org',
    };
    await env.app.db
      .updateTable('claims')
      .set({ models: JSON.stringify(models) })
      .where('id', '=', claim.id)
      .execute();

    const job = await exportAndWait(supervisor(), {
      kind: 'claims-csv',
      filters: { status: ['approved'] },
    });

    const [row] = csvRecords((await downloadFile(supervisor(), job.id)).body);
    expect(row?.[header('paymentEmail', 'claimDetails')]).toBe('••••••••••••••.org');
    expect(row?.[header('paymentMethod', 'claimDetails')]).toMatch(/PayPal/i);
    expect(JSON.stringify(row)).not.toContain('member@');
  });

  it('writes the same fields as JSON lines, one object per claim', async () => {
    const claim = await fileTestClaim(env.app, { firstName: 'Jason', email: 'json@example.org' });
    await placeClaimAt(env.app, claim.id, 'cured');

    const job = await exportAndWait(supervisor(), {
      kind: 'claims-jsonl',
      filters: { status: ['cured'], formType: ['Standard'] },
    });

    const file = await downloadFile(supervisor(), job.id);
    const lines = file.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      Reference: claim.referenceCode,
      Status: 'cured',
      [header('firstName')]: 'Jason',
      [header('emailAddress')]: 'json@example.org',
    });
  });

  it('audits the start of an export and each download', async () => {
    const job = await exportAndWait(supervisor(), {
      kind: 'claims-csv',
      filters: { fraud: ['hold'] },
    });
    await downloadFile(supervisor(), job.id);

    const rows = await env.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'details'])
      .where('details', 'like', `%${job.id}%`)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        action: 'data_export_started',
        actor_email: supervisor().email,
        details: `claims-csv of fraud=hold; job ${job.id}`,
      },
      {
        action: 'data_file_downloaded',
        actor_email: supervisor().email,
        details: `claims-csv-${job.id}.csv`,
      },
    ]);
  });
});

describe('a documents export', () => {
  it('zips each document under its claim with a manifest of SHA-256s', async () => {
    const claim = await fileTestClaim(env.app, {
      documents: [{ name: 'invoice.pdf', bytes: TEST_PDF }],
    });
    await placeClaimAt(env.app, claim.id, 'payment_returned');

    const job = await exportAndWait(supervisor(), {
      kind: 'documents-zip',
      filters: { status: ['payment_returned'] },
    });

    expect(job).toMatchObject({ state: 'done', rowsDone: 1 });
    const file = await downloadFile(supervisor(), job.id);
    expect(file.headers['content-type']).toBe('application/zip');
    const entries = zipEntries(file.rawPayload);
    const manifest = csvRecords(entries.get('manifest.csv')!.toString('utf8'));
    expect(manifest).toHaveLength(1);
    const sha256 = createHash('sha256').update(TEST_PDF).digest('hex');
    expect(manifest[0]).toMatchObject({
      claim: claim.referenceCode,
      'original name': 'invoice.pdf',
      sha256,
    });
    const name = manifest[0]!.file!;
    expect(name).toMatch(new RegExp(`^${claim.referenceCode}/.+-invoice\\.pdf$`));
    expect(createHash('sha256').update(entries.get(name)!).digest('hex')).toBe(sha256);
  });

  it('puts the documents sent later through Documents Upload under the claim they were sent for', async () => {
    const claim = await fileTestClaim(env.app, {
      documents: [{ name: 'invoice.pdf', bytes: TEST_PDF }],
    });
    await placeClaimAt(env.app, claim.id, 'cured');
    await fileTestClaim(env.app, {
      formType: 'DocumentsUpload',
      parentClaimId: claim.id,
      documents: [{ name: 'title.pdf', bytes: TEST_PDF }],
    });

    const job = await exportAndWait(supervisor(), {
      kind: 'documents-zip',
      filters: { status: ['cured'] },
    });

    expect(job).toMatchObject({ state: 'done', rowsDone: 2 });
    const entries = zipEntries((await downloadFile(supervisor(), job.id)).rawPayload);
    const manifest = csvRecords(entries.get('manifest.csv')!.toString('utf8'));
    expect(manifest.map((row) => [row.claim, row['original name']]).sort()).toEqual([
      [claim.referenceCode, 'invoice.pdf'],
      [claim.referenceCode, 'title.pdf'],
    ]);
    for (const row of manifest) expect(entries.has(row.file!)).toBe(true);
  });
});

describe('a heap budget', () => {
  it('asks for a full collection once the old generation has grown past it, not before', () => {
    const spent = new HeapBudget(Number.NEGATIVE_INFINITY);
    spent.check();
    expect(spent.collections).toBe(1);
    const ample = new HeapBudget(1024 * 1024 * 1024);
    ample.check();
    expect(ample.collections).toBe(0);
  });
});
