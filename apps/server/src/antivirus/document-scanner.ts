import type { Readable } from 'node:stream';
import NodeClam from 'clamscan';

/**
 * Every claim document is scanned by ClamAV's clamd before the claim that carries it commits
 * (docs/architecture.md#documents). The scan streams the stored bytes to clamd (INSTREAM)
 * through the clamscan package.
 *
 * clamscan's stream scan is known to answer no verdict (isInfected null) when clamd reports
 * "COMMAND READ TIMED OUT", and to wait on a socket clamd never answers; so every scan here
 * has its own deadline, and anything but a clear verdict counts as "clamd unavailable", which
 * the caller's policy decides (never as clean). clamd's StreamMaxLength must be at least the
 * largest document the case accepts, or clamd ends the stream with "size limit exceeded",
 * which is reported as unavailable too and named in the log.
 */

export type ScanVerdict = { clean: true } | { clean: false; signature: string };

export interface DocumentScanner {
  /** Scans the bytes of one document; throws ScannerUnavailableError when clamd cannot tell. */
  scan(document: Readable): Promise<ScanVerdict>;
}

export class ScannerUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`the antivirus scanner is unavailable: ${reason}`, options);
    this.name = 'ScannerUnavailableError';
  }
}

export type ClamdAddress = { host: string; port: number } | { socket: string };

export interface ClamdScannerOptions {
  address: ClamdAddress;
  /** The longest one scan may take, connection included. */
  timeoutMs: number;
}

/** Reads CLAMD_URL: `tcp://host:port` or `unix:/path/to/clamd.sock`. */
export function parseClamdUrl(value: string): ClamdAddress {
  if (value.startsWith('unix:')) {
    const socket = value.slice('unix:'.length);
    if (!socket.startsWith('/'))
      throw new Error(`"${value}": a unix socket address needs an absolute path (unix:/path)`);
    return { socket };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`"${value}" is not an address; expected tcp://host:port or unix:/path`);
  }
  if (url.protocol !== 'tcp:' || url.hostname === '' || url.port === '')
    throw new Error(`"${value}": expected tcp://host:port or unix:/path`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, port: Number(url.port) };
}

export function describeClamdAddress(address: ClamdAddress): string {
  return 'socket' in address ? `unix:${address.socket}` : `tcp://${address.host}:${address.port}`;
}

export function clamdScanner(options: ClamdScannerOptions): DocumentScanner {
  const settings =
    'socket' in options.address
      ? { socket: options.address.socket }
      : { host: options.address.host, port: options.address.port, socket: false as const };
  // init() with bypassTest connects to nothing, so building the client never fails on an
  // unreachable clamd; each scan finds out for itself.
  const client = new NodeClam().init({
    removeInfected: false,
    clamscan: { active: false },
    clamdscan: {
      ...settings,
      timeout: options.timeoutMs,
      localFallback: false,
      active: true,
      bypassTest: true,
    },
    preference: 'clamdscan',
  });

  return {
    async scan(document) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new ScannerUnavailableError(`no verdict within ${options.timeoutMs} ms`)),
          options.timeoutMs,
        );
      });
      try {
        const result = await Promise.race([
          client.then((clam) => clam.scanStream(document)),
          deadline,
        ]).catch((error: unknown) => {
          if (error instanceof ScannerUnavailableError) throw error;
          throw new ScannerUnavailableError(
            error instanceof Error ? error.message : String(error),
            { cause: error },
          );
        });
        if (result.isInfected === true)
          return { clean: false, signature: result.viruses[0] ?? 'unnamed signature' };
        if (result.isInfected === false) return { clean: true };
        throw new ScannerUnavailableError(
          `clamd gave no verdict (${(result.resultString ?? '').replace(/\0/g, '').trim() || 'no answer'})`,
        );
      } finally {
        clearTimeout(timer);
        if (!document.destroyed) document.destroy();
      }
    },
  };
}
