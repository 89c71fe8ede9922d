import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eicarPdf, EICAR_SIGNATURE, startTestClamd, type TestClamd } from '../../test-fakes/clamd';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import {
  clamdScanner,
  parseClamdUrl,
  ScannerUnavailableError,
  type DocumentScanner,
} from './document-scanner';

function streamOf(bytes: Buffer): Readable {
  return Readable.from([bytes]);
}

describe('a document scanner over a running clamd', () => {
  let clamd: TestClamd;
  let scanner: DocumentScanner;

  beforeAll(async () => {
    clamd = await startTestClamd();
    scanner = clamdScanner({ address: parseClamdUrl(clamd.url), timeoutMs: 10_000 });
  });
  afterAll(async () => {
    await clamd.stop();
  });

  it('finds the EICAR test string inside a PDF and names the signature', async () => {
    await expect(scanner.scan(streamOf(eicarPdf()))).resolves.toEqual({
      clean: false,
      signature: EICAR_SIGNATURE,
    });
  });

  it('passes an ordinary PDF as clean', async () => {
    await expect(scanner.scan(streamOf(Buffer.from(SAMPLE_PDF)))).resolves.toEqual({ clean: true });
  });

  it('finds the test string in a document sent in many small chunks', async () => {
    const bytes = eicarPdf();
    const chunks = Array.from({ length: bytes.length }, (_, index) =>
      bytes.subarray(index, index + 1),
    );
    await expect(scanner.scan(Readable.from(chunks))).resolves.toMatchObject({ clean: false });
  });
});

describe('a document scanner that cannot reach clamd', () => {
  it('reports the scanner unavailable when nothing listens at the address', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const scanner = clamdScanner({ address: { host: '127.0.0.1', port }, timeoutMs: 5_000 });
    await expect(scanner.scan(streamOf(Buffer.from(SAMPLE_PDF)))).rejects.toBeInstanceOf(
      ScannerUnavailableError,
    );
  });

  it('reports the scanner unavailable when clamd accepts but never answers', async () => {
    const silent = net.createServer((socket) => socket.on('data', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const scanner = clamdScanner({ address: { host: '127.0.0.1', port }, timeoutMs: 300 });
      await expect(scanner.scan(streamOf(Buffer.from(SAMPLE_PDF)))).rejects.toThrow(
        /no verdict within 300 ms/,
      );
    } finally {
      silent.close();
    }
  });

  it('never takes an error answer for a clean verdict', async () => {
    const failing = net.createServer((socket) =>
      socket.once('data', () => socket.end('stream: INSTREAM size limit exceeded. ERROR\0')),
    );
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const { port } = failing.address() as net.AddressInfo;
    try {
      const scanner = clamdScanner({ address: { host: '127.0.0.1', port }, timeoutMs: 5_000 });
      await expect(scanner.scan(streamOf(Buffer.from(SAMPLE_PDF)))).rejects.toBeInstanceOf(
        ScannerUnavailableError,
      );
    } finally {
      failing.close();
    }
  });
});

describe('CLAMD_URL', () => {
  it('reads a TCP address', () => {
    expect(parseClamdUrl('tcp://127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 });
  });

  it('reads an IPv6 TCP address without its brackets', () => {
    expect(parseClamdUrl('tcp://[::1]:3310')).toEqual({ host: '::1', port: 3310 });
  });

  it('reads a unix socket path', () => {
    expect(parseClamdUrl('unix:/run/clamav/clamd.ctl')).toEqual({
      socket: '/run/clamav/clamd.ctl',
    });
  });

  it.each(['clamd:3310', 'http://127.0.0.1:3310', 'tcp://127.0.0.1', 'unix:relative.sock'])(
    'refuses %s with the forms it accepts',
    (value) => {
      expect(() => parseClamdUrl(value)).toThrow(/tcp:\/\/host:port|unix:\/path/);
    },
  );
});
