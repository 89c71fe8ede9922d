import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { ComposedEmail } from './compose-email';

export type MailerKind = 'smtp' | 'files';

/** Sends composed messages: over SMTP, or as .eml files when no SMTP server is configured. */
export interface Mailer {
  readonly kind: MailerKind;
  /** Where messages go, for the start-up log: the SMTP host and port, or the folder. */
  readonly destination: string;
  /**
   * Sends one message. `id` (the e-mail job's id) makes its Message-ID and, without SMTP, its
   * file name, so sending the same message again is recognisably the same message.
   */
  send(email: ComposedEmail, id: string): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// with any credentials; without it, messages go to files. */
  smtpUrl: string | undefined;
  dataDir: string;
}

/** The folder under DATA_DIR that holds messages written instead of sent. */
export const MAIL_FOLDER = 'outbox-mail';

const MESSAGE_ID = /^[A-Za-z0-9-]+$/;

function messageFields(email: ComposedEmail, id: string) {
  if (!MESSAGE_ID.test(id)) throw new Error(`e-mail id "${id}" must be letters, digits and -`);
  const domain = email.from.address.split('@')[1] ?? 'localhost';
  return {
    from: email.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: `<${id}@${domain}>`,
    headers: { 'Content-Language': email.culture },
  };
}

/** The SMTP server's address without its credentials. */
function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A job's lease bounds a run; these keep one stuck server from taking all of it.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    destination: describeSmtpUrl(smtpUrl),
    async send(email, id) {
      await transport.sendMail(messageFields(email, id));
    },
  };
}

/** Opens a new file for writing, making its folder first if it is missing (the first message). */
async function openCreatingFolder(file: string): Promise<FileHandle> {
  try {
    return await open(file, 'w', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(path.dirname(file), { recursive: true });
    return open(file, 'w', 0o600);
  }
}

/**
 * Each message as an RFC 822 file, `<id>.eml`, written whole and synced before it is renamed
 * into place: a half-written file never appears, and writing it again replaces it.
 */
function filesMailer(dataDir: string): Mailer {
  const folder = path.join(dataDir, MAIL_FOLDER);
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    kind: 'files',
    destination: folder,
    async send(email, id) {
      const { message } = await transport.sendMail(messageFields(email, id));
      const file = path.join(folder, `${id}.eml`);
      const partial = path.join(folder, `.${id}.eml.partial`);
      const handle = await openCreatingFolder(partial);
      try {
        await handle.writeFile(message as Buffer);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(partial, { force: true });
        throw error;
      }
      await handle.close();
      await rename(partial, file);
    },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl === undefined ? filesMailer(options.dataDir) : smtpMailer(options.smtpUrl);
}
