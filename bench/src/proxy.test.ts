import { describe, expect, it } from 'vitest';
import { nginxConfig } from './proxy';

describe('nginxConfig', () => {
  const config = nginxConfig('/tmp/bench-nginx', [
    { port: 8001, upstreams: ['http://127.0.0.1:3001'] },
    { port: 8002, upstreams: ['http://127.0.0.1:3001', 'http://127.0.0.1:3002'] },
  ]);

  it('puts every instance of a group in that group upstream, round-robin', () => {
    const second = /upstream group_1 \{([^}]*)\}/.exec(config)?.[1] ?? '';
    expect(second.match(/server 127\.0\.0\.1:\d+/g)).toEqual([
      'server 127.0.0.1:3001',
      'server 127.0.0.1:3002',
    ]);
  });

  it('listens for each group on its own loopback port', () => {
    expect(config).toContain('listen 127.0.0.1:8001;');
    expect(config).toContain('listen 127.0.0.1:8002;');
  });

  it('keeps its pid, log and buffers under the given folder', () => {
    expect(config).toContain('pid /tmp/bench-nginx/nginx.pid;');
    expect(config).toContain('client_body_temp_path /tmp/bench-nginx/client_body;');
  });
});
