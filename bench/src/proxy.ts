import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, LOOPBACK } from './processes';

const run = promisify(execFile);

/** Debian's nginx, the proxy deploy/nginx/claims.conf configures. */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RoundRobinProxy {
  /** The address of each upstream group, in the order they were given. */
  urls: string[];
  stop(): Promise<void>;
}

/**
 * The upstream and proxy settings of deploy/nginx/claims.conf (round-robin, kept-alive
 * connections, nginx buffering each body), on plain HTTP over loopback: TLS would weigh on the
 * benchmark's process and nginx alike, and it is the same for one instance or two.
 */
export function nginxConfig(
  folder: string,
  groups: readonly { port: number; upstreams: readonly string[] }[],
): string {
  const temp = (name: string) => `  ${name}_temp_path ${path.join(folder, name)};`;
  const blocks = groups.flatMap((group, index) => [
    `  upstream group_${index} {`,
    ...group.upstreams.map(
      (url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=10s;`,
    ),
    '    keepalive 32;',
    '  }',
    '  server {',
    `    listen ${LOOPBACK}:${group.port};`,
    '    client_max_body_size 210m;',
    '    client_body_buffer_size 1m;',
    '    location / {',
    `      proxy_pass http://group_${index};`,
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    '      proxy_set_header Host $host;',
    '      proxy_set_header X-Forwarded-For $remote_addr;',
    '      proxy_set_header X-Forwarded-Proto $scheme;',
    '      proxy_next_upstream error timeout http_502 http_503 http_504;',
    '      proxy_read_timeout 120s;',
    '    }',
    '  }',
  ]);
  return [
    `pid ${path.join(folder, 'nginx.pid')};`,
    `error_log ${path.join(folder, 'error.log')} warn;`,
    // One worker: on a 2-core machine shared with the instances and the load generator, nginx
    // should take as little as a proxy in front of the instances would.
    'worker_processes 1;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
    ...blocks,
    '}',
    '',
  ].join('\n');
}

/** nginx in front of each group of instances, each group on a port of its own. */
export async function startProxy(
  folder: string,
  groups: readonly (readonly string[])[],
): Promise<RoundRobinProxy> {
  mkdirSync(folder, { recursive: true });
  const ports: number[] = [];
  for (let index = 0; index < groups.length; index += 1) ports.push(await freePort());
  const config = path.join(folder, 'nginx.conf');
  writeFileSync(
    config,
    nginxConfig(
      folder,
      groups.map((upstreams, index) => ({ port: ports[index] ?? 0, upstreams })),
    ),
  );
  const args = ['-p', folder, '-c', config];
  await run(NGINX, [...args, '-t']);
  await run(NGINX, args);
  return {
    urls: ports.map((port) => `http://${LOOPBACK}:${port}`),
    stop: async () => {
      await run(NGINX, [...args, '-s', 'quit']).catch(() => undefined);
    },
  };
}
