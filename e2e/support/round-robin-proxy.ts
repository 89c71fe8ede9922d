import { request, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A round-robin reverse proxy on loopback, with the failover rule of deploy/nginx/claims.conf:
 * a request whose connection an instance refused (so none of it reached that instance) goes to
 * the next instance; any other failure is answered 502, for the browser to deal with. Like nginx,
 * it reads each request body whole before it picks an instance.
 */
export interface RoundRobinProxy {
  url: string;
  stop(): Promise<void>;
}

interface Forward {
  upstream: string;
  incoming: IncomingMessage;
  body: Buffer;
  response: ServerResponse;
}

function forward({ upstream, incoming, body, response }: Forward): Promise<'refused' | 'done'> {
  return new Promise((resolve) => {
    const outgoing = request(
      new URL(incoming.url ?? '/', upstream),
      {
        method: incoming.method,
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('end', () => resolve('done'));
        answer.on('error', () => {
          response.destroy();
          resolve('done');
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') return resolve('refused');
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
      resolve('done');
    });
    outgoing.end(body);
  });
}

export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const first = next;
      next = (next + 1) % upstreams.length;
      void (async () => {
        for (let tried = 0; tried < upstreams.length; tried += 1) {
          const upstream = upstreams[(first + tried) % upstreams.length] ?? '';
          if ((await forward({ upstream, incoming, body, response })) === 'done') return;
        }
        response.writeHead(502).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
