import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message as the sink received it. */
export interface ReceivedMail {
  /** The envelope's sender and recipients. */
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  message: MimeMessage;
}

/**
 * An SMTP server on loopback that keeps every message it accepts, with no TLS and no login.
 * `refuseNext` makes it turn away the next messages with a temporary error, as a busy server
 * does.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private refusals = 0;
  private listeningPort = 0;
  private readonly server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => this.receive(stream, session, callback),
  });

  private constructor() {}

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink();
    await new Promise<void>((resolve, reject) => {
      sink.server.once('error', reject);
      sink.server.listen(0, '127.0.0.1', () => resolve());
    });
    sink.listeningPort = (sink.server.server.address() as AddressInfo).port;
    return sink;
  }

  get port(): number {
    return this.listeningPort;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  refuseNext(count: number): void {
    this.refusals = count;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (this.refusals > 0) {
        this.refusals -= 1;
        const refusal = new Error('try again later') as Error & { responseCode: number };
        refusal.responseCode = 451;
        callback(refusal);
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const { mailFrom, rcptTo } = session.envelope;
      this.received.push({
        mailFrom: mailFrom === false ? '' : mailFrom.address,
        rcptTo: rcptTo.map((recipient) => recipient.address),
        raw,
        message: readMimeMessage(raw),
      });
      callback();
    });
  }
}

/** A message read back: its decoded headers and its text and HTML parts. */
export interface MimeMessage {
  headers: Map<string, string>;
  subject: string;
  text: string | undefined;
  html: string | undefined;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index] as string;
    const hex = joined.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return part.body;
}

/** Decodes RFC 2047 encoded words (UTF-8, B or Q), as nodemailer writes non-ASCII headers. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function leaves(part: MimePart): MimePart[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = parameter(type, 'boundary');
  if (!type.toLowerCase().startsWith('multipart/') || boundary === undefined) return [part];
  return (
    part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      // The line break before a boundary belongs to the boundary (RFC 2046).
      .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))))
  );
}

/** Reads an RFC 822 message (what an SMTP server receives, what an .eml file holds). */
export function readMimeMessage(raw: string): MimeMessage {
  const root = splitPart(raw);
  const parts = leaves(root);
  const ofType = (type: string) =>
    parts.find((part) => (part.headers.get('content-type') ?? 'text/plain').startsWith(type));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  const headers = new Map(
    [...root.headers].map(([name, value]) => [name, decodeHeader(value)] as const),
  );
  return {
    headers,
    subject: headers.get('subject') ?? '',
    text: text === undefined ? undefined : decodeBody(text),
    html: html === undefined ? undefined : decodeBody(html),
  };
}
