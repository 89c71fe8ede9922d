import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'claims-mail-config-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

describe('the e-mail settings of the environment', () => {
  it('write e-mails to files from no-reply@localhost when nothing is set', () => {
    expect(readConfig({ DATA_DIR: dataDir }).mail).toEqual({
      smtpUrl: undefined,
      from: { address: 'no-reply@localhost' },
    });
  });

  it('send over SMTP_URL from MAIL_FROM', () => {
    const config = readConfig({
      DATA_DIR: dataDir,
      SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
      MAIL_FROM: 'Claims Desk <claims@example.org>',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://mailer:secret@smtp.example.org:465',
      from: { address: 'claims@example.org', name: 'Claims Desk' },
    });
  });

  it('require MAIL_FROM with SMTP_URL', () => {
    expect(() => readConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      'MAIL_FROM: MAIL_FROM is required with SMTP_URL',
    );
  });

  it('refuse an SMTP_URL of another scheme and a MAIL_FROM that is not one address', () => {
    expect(() =>
      readConfig({
        DATA_DIR: dataDir,
        SMTP_URL: 'https://smtp.example.org',
        MAIL_FROM: 'claims',
      }),
    ).toThrow(
      /SMTP_URL must be smtp:\/\/\[user:password@\]host\[:port\] or smtps:\/\/….*MAIL_FROM must be one address/,
    );
  });
});

describe('JOBS_CONCURRENCY', () => {
  it('is 2 unless set to a whole number from 1 to 32', () => {
    expect(readConfig({ DATA_DIR: dataDir }).jobs.concurrency).toBe(2);
    expect(readConfig({ DATA_DIR: dataDir, JOBS_CONCURRENCY: '8' }).jobs.concurrency).toBe(8);
    expect(() => readConfig({ DATA_DIR: dataDir, JOBS_CONCURRENCY: '0' })).toThrow(
      'JOBS_CONCURRENCY must be a whole number from 1 to 32',
    );
  });
});
