import { parseArgs } from 'node:util';
import { ADMIN_ROLES, isAdminRole } from '@claims/core/admin/admin-roles';
import {
  AccountError,
  type AccountChangeActor,
  type AdminAccountService,
  type AdminAccountSummary,
} from '../accounts/account-service';
import { MIN_PASSWORD_LENGTH } from '../accounts/passwords';
import { runDataIoCli, type DataIoCliIo, type DataIoSession } from '../../data-io/data-io-cli';

/** What the command line reads and writes; tests give their own. */
export interface CliIo extends DataIoCliIo {
  out(line: string): void;
  err(line: string): void;
  /** Everything on standard input (--password-stdin). */
  readStdin(): Promise<string>;
  /** Asks for a password without echoing it; undefined when there is no terminal to ask on. */
  promptPassword?: (question: string) => Promise<string>;
}

/** The accounts the command works on, and how to let them go. */
export interface CliStore {
  accounts: AdminAccountService;
  close(): Promise<void>;
}

const CLI_ACTOR: AccountChangeActor = {
  email: null,
  role: null,
  ipAddress: null,
  via: 'on the command line',
};

/** Exit codes: done, refused (no such account, weak password…), wrongly asked. */
export const EXIT_OK = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

class UsageError extends Error {}

const MAIN_HELP = `Manage the administrators of the console.

Usage: npm run admin -- user <command> [options]

Commands:
  user add             Create an account (its authenticator is enrolled at the first sign-in)
  user list            List the accounts
  user disable         Stop an account from signing in, and end its sessions
  user enable          Let a disabled account sign in again
  user reset-2fa       Forget an account's authenticator; the next sign-in enrolls a new one
  user reset-password  Set a new password for an account

Imports and exports: npm run admin -- import --help, npm run admin -- export --help

Run "npm run admin -- user <command> --help" for a command's options.`;

const ROLES = ADMIN_ROLES.join(', ');
const PASSWORD_HELP = `The password is asked for on the terminal, or read from standard input with
--password-stdin (at least ${MIN_PASSWORD_LENGTH} characters).`;

interface Command {
  help: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  run(
    values: Record<string, string | boolean | undefined>,
    store: CliStore,
    io: CliIo,
  ): Promise<void>;
}

const emailOption = { email: { type: 'string' } } as const;

function requireEmail(values: Record<string, unknown>): string {
  const email = values.email;
  if (typeof email !== 'string' || email.trim() === '') {
    throw new UsageError('--email is required, e.g. --email reviewer@example.org');
  }
  return email;
}

async function readPassword(values: Record<string, unknown>, io: CliIo): Promise<string> {
  if (values['password-stdin'] === true) {
    const text = await io.readStdin();
    return text.replace(/\r?\n$/, '');
  }
  if (io.promptPassword === undefined) {
    throw new UsageError(
      'no terminal to ask for the password on; pipe it in with --password-stdin',
    );
  }
  const password = await io.promptPassword('Password: ');
  const repeated = await io.promptPassword('The same password again: ');
  if (password !== repeated) throw new AccountError('the two passwords differ; nothing changed');
  return password;
}

function describe(account: AdminAccountSummary): string {
  const state = account.disabled ? 'disabled' : 'enabled';
  const totp = account.totpEnrolled ? 'authenticator enrolled' : 'authenticator not enrolled';
  return `${account.email}  ${account.role}  ${state}  ${totp}`;
}

const COMMANDS: Record<string, Command> = {
  add: {
    help: `Create an account.

Usage: npm run admin -- user add --email <address> --role <role> [--password-stdin]

  --email           The administrator's e-mail address (the sign-in name)
  --role            One of ${ROLES}
  --password-stdin  Read the password from standard input

${PASSWORD_HELP}`,
    options: { ...emailOption, role: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
    async run(values, store, io) {
      const email = requireEmail(values);
      const role = values.role;
      if (!isAdminRole(role)) {
        throw new UsageError(
          role === undefined
            ? `--role is required: one of ${ROLES}`
            : `unknown role "${String(role)}"; expected one of ${ROLES}`,
        );
      }
      const password = await readPassword(values, io);
      const account = await store.accounts.create({ email, role, password }, CLI_ACTOR);
      io.out(
        `Created ${account.email} as ${account.role}. The authenticator is enrolled at the first sign-in at /admin.`,
      );
    },
  },
  list: {
    help: 'List the accounts.\n\nUsage: npm run admin -- user list',
    options: {},
    async run(_values, store, io) {
      const accounts = await store.accounts.list();
      if (accounts.length === 0) {
        io.out(
          'No accounts yet. Create one with: npm run admin -- user add --email <address> --role supervisor',
        );
        return;
      }
      for (const account of accounts) io.out(describe(account));
    },
  },
  disable: {
    help: 'Stop an account from signing in and end its sessions.\n\nUsage: npm run admin -- user disable --email <address>',
    options: emailOption,
    async run(values, store, io) {
      const account = await store.accounts.setDisabled(requireEmail(values), true, CLI_ACTOR);
      io.out(`Disabled ${account.email}; its sessions have ended.`);
    },
  },
  enable: {
    help: 'Let a disabled account sign in again.\n\nUsage: npm run admin -- user enable --email <address>',
    options: emailOption,
    async run(values, store, io) {
      const account = await store.accounts.setDisabled(requireEmail(values), false, CLI_ACTOR);
      io.out(`Enabled ${account.email}.`);
    },
  },
  'reset-2fa': {
    help: "Forget an account's authenticator and end its sessions; the next sign-in enrolls a new one.\n\nUsage: npm run admin -- user reset-2fa --email <address>",
    options: emailOption,
    async run(values, store, io) {
      const account = await store.accounts.resetTotp(requireEmail(values), CLI_ACTOR);
      io.out(
        `Reset the authenticator of ${account.email}; a new one is enrolled at the next sign-in.`,
      );
    },
  },
  'reset-password': {
    help: `Set a new password for an account and end its sessions.

Usage: npm run admin -- user reset-password --email <address> [--password-stdin]

${PASSWORD_HELP}`,
    options: { ...emailOption, 'password-stdin': { type: 'boolean' } },
    async run(values, store, io) {
      const email = requireEmail(values);
      const password = await readPassword(values, io);
      const account = await store.accounts.resetPassword(email, password, CLI_ACTOR);
      io.out(`Set a new password for ${account.email}; its sessions have ended.`);
    },
  },
};

/**
 * The administrators' command line: `user <command> [options]`. Answers the exit code;
 * the store is opened only for a command that is well asked.
 */
export async function runAdminCli(
  argv: readonly string[],
  io: CliIo,
  openStore: () => Promise<CliStore>,
  openDataIo?: () => Promise<DataIoSession>,
): Promise<number> {
  const [group, name, ...rest] = argv;
  if (group === undefined || group === '--help' || group === '-h' || group === 'help') {
    io.out(MAIN_HELP);
    return group === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if ((group === 'import' || group === 'export') && openDataIo !== undefined) {
    return runDataIoCli(group, argv.slice(1), io, openDataIo);
  }
  if (group !== 'user') {
    io.err(`unknown command "${group}"; expected "user"\n\n${MAIN_HELP}`);
    return EXIT_USAGE;
  }
  if (name === undefined || name === '--help' || name === '-h') {
    io.out(MAIN_HELP);
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    io.err(`unknown command "user ${name}"\n\n${MAIN_HELP}`);
    return EXIT_USAGE;
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...rest],
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${command.help}`);
    return EXIT_USAGE;
  }
  if (values.help === true) {
    io.out(command.help);
    return EXIT_OK;
  }
  let store: CliStore | undefined;
  try {
    store = await openStore();
    await command.run(values, store, io);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${command.help}`);
      return EXIT_USAGE;
    }
    if (error instanceof AccountError) {
      io.err(`Nothing changed: ${error.message}.`);
      return EXIT_REFUSED;
    }
    throw error;
  } finally {
    await store?.close();
  }
}
