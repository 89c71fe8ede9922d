import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { AdminAccountService } from '../accounts/account-service';
import { passwordMatches } from '../accounts/passwords';
import { TotpSecretBox } from '../accounts/totp-secret-box';
import { listAuditEvents } from '../audit-log';
import { EXIT_OK, EXIT_REFUSED, EXIT_USAGE, runAdminCli, type CliIo } from './admin-cli';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let accounts: AdminAccountService;
let out: string[];
let err: string[];

beforeEach(async () => {
  database = await openTestDatabase();
  accounts = new AdminAccountService(
    database.db,
    new TotpSecretBox(randomBytes(32)),
    () => new Date('2027-03-01T15:00:00Z'),
  );
  out = [];
  err = [];
});

afterEach(async () => {
  await database.close();
});

function io(stdin = '', prompts?: string[]): CliIo {
  return {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readStdin: async () => stdin,
    ...(prompts === undefined ? {} : { promptPassword: async () => prompts.shift() ?? '' }),
  };
}

const PASSWORD = 'a passphrase long enough';

function run(argv: string[], cliIo: CliIo = io()) {
  return runAdminCli(argv, cliIo, async () => ({ accounts, close: async () => undefined }));
}

async function add(email: string, role = 'reviewer') {
  return run(
    ['user', 'add', '--email', email, '--role', role, '--password-stdin'],
    io(`${PASSWORD}\n`),
  );
}

describe('the administrators command line', () => {
  it('adds an account with a password from standard input and says so', async () => {
    expect(await add('reviewer@example.org')).toBe(EXIT_OK);
    expect(out.join('\n')).toContain('Created reviewer@example.org as reviewer');
    const account = await accounts.findByEmail('REVIEWER@example.org');
    expect(account?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await passwordMatches(account!.password_hash, PASSWORD)).toBe(true);
  });

  it('asks for the password twice on a terminal and refuses two that differ', async () => {
    const argv = ['user', 'add', '--email', 'a@example.org', '--role', 'viewer'];
    expect(await run(argv, io('', [PASSWORD, `${PASSWORD}!`]))).toBe(EXIT_REFUSED);
    expect(err.join('\n')).toContain('the two passwords differ');
    expect(await run(argv, io('', [PASSWORD, PASSWORD]))).toBe(EXIT_OK);
  });

  it('refuses to ask for a password without a terminal or --password-stdin', async () => {
    const code = await run(['user', 'add', '--email', 'a@example.org', '--role', 'viewer']);
    expect(code).toBe(EXIT_USAGE);
    expect(err.join('\n')).toContain('--password-stdin');
  });

  it('lists accounts with role, state and enrolment, and never a secret', async () => {
    await add('b@example.org', 'supervisor');
    await add('a@example.org', 'viewer');
    out = [];
    expect(await run(['user', 'list'])).toBe(EXIT_OK);
    expect(out).toEqual([
      'a@example.org  viewer  enabled  authenticator not enrolled',
      'b@example.org  supervisor  enabled  authenticator not enrolled',
    ]);
  });

  it('disables and enables an account, ending its sessions', async () => {
    await add('a@example.org');
    expect(await run(['user', 'disable', '--email', 'A@example.org'])).toBe(EXIT_OK);
    expect((await accounts.findByEmail('a@example.org'))?.disabled).toBe(1);
    expect(await run(['user', 'enable', '--email', 'a@example.org'])).toBe(EXIT_OK);
    expect((await accounts.findByEmail('a@example.org'))?.disabled).toBe(0);
  });

  it('resets an enrolled authenticator', async () => {
    await add('a@example.org');
    const account = await accounts.findByEmail('a@example.org');
    await database.db
      .updateTable('admin_accounts')
      .set({ totp_secret: accounts.secrets.seal('JBSWY3DPEHPK3PXP', account!.id) })
      .execute();
    expect(await run(['user', 'reset-2fa', '--email', 'a@example.org'])).toBe(EXIT_OK);
    expect((await accounts.findByEmail('a@example.org'))?.totp_secret).toBeNull();
  });

  it('resets a password', async () => {
    await add('a@example.org');
    const argv = ['user', 'reset-password', '--email', 'a@example.org', '--password-stdin'];
    expect(await run(argv, io('another passphrase here\n'))).toBe(EXIT_OK);
    const account = await accounts.findByEmail('a@example.org');
    expect(await passwordMatches(account!.password_hash, 'another passphrase here')).toBe(true);
  });

  it('writes each account change to the audit log', async () => {
    await add('a@example.org');
    await run(['user', 'disable', '--email', 'a@example.org']);
    await run(['user', 'enable', '--email', 'a@example.org']);
    await run(['user', 'reset-2fa', '--email', 'a@example.org']);
    const page = await listAuditEvents(database.db, { page: 1, pageSize: 25 }, 'UTC');
    expect(page.items.map((item) => item.action).reverse()).toEqual([
      'account_created',
      'account_disabled',
      'account_enabled',
      'totp_reset',
    ]);
    expect(page.items[0]?.details).toBe('a@example.org, on the command line');
  });

  it.each([
    [
      ['user', 'add', '--email', 'a@example.org', '--role', 'boss', '--password-stdin'],
      'unknown role "boss"',
    ],
    [['user', 'add', '--role', 'viewer', '--password-stdin'], '--email is required'],
    [['user', 'disable'], '--email is required'],
    [['user', 'disable', '--email', 'a@example.org', '--force'], "Unknown option '--force'"],
    [['user', 'remove'], 'unknown command "user remove"'],
    [['group', 'add'], 'unknown command "group"'],
  ])('refuses %j as wrongly asked (exit 2)', async (argv, message) => {
    expect(await run(argv, io(`${PASSWORD}\n`))).toBe(EXIT_USAGE);
    expect(err.join('\n')).toContain(message);
  });

  it.each([
    [
      ['user', 'add', '--email', 'not-an-address', '--role', 'viewer', '--password-stdin'],
      PASSWORD,
      'is not an e-mail address',
    ],
    [
      ['user', 'add', '--email', 'a@example.org', '--role', 'viewer', '--password-stdin'],
      'short',
      'at least 12 characters',
    ],
    [['user', 'disable', '--email', 'nobody@example.org'], '', 'no account for nobody@example.org'],
  ])('refuses %j with a reason (exit 1)', async (argv, stdin, message) => {
    expect(await run(argv, io(stdin))).toBe(EXIT_REFUSED);
    expect(err.join('\n')).toContain(message);
  });

  it('refuses a second account for the same address, case aside', async () => {
    await add('a@example.org');
    expect(await add('A@Example.org')).toBe(EXIT_REFUSED);
    expect(err.join('\n')).toContain('exists already');
  });

  it.each(['add', 'list', 'disable', 'enable', 'reset-2fa', 'reset-password'])(
    'explains "user %s" with --help',
    async (command) => {
      expect(await run(['user', command, '--help'])).toBe(EXIT_OK);
      expect(out.join('\n')).toContain(`npm run admin -- user ${command}`);
    },
  );

  it('lists the commands with --help and without a command', async () => {
    expect(await run(['--help'])).toBe(EXIT_OK);
    expect(await run([])).toBe(EXIT_USAGE);
    expect(out.join('\n')).toContain('user reset-2fa');
  });
});
