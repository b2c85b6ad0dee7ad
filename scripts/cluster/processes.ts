import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/src/test/free-port.js';

/** The repository root and the built output every process of the cluster runs (`npm run build`). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILT = {
  server: path.join(ROOT, 'server/dist/server.js'),
  worker: path.join(ROOT, 'server/dist/worker.js'),
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it holds; throws `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

export const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

export type ApiInstance = {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
  kill: () => Promise<void>;
};

/** `npm run start:prod` (the built server, plain node) on a port of its own. */
export async function startApi(name: string, env: Record<string, string>, port?: number): Promise<ApiInstance> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT.server], {
    env: { ...process.env, ...env, PORT: String(p), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    port: p,
    child,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function waitReady(api: ApiInstance, timeoutMs = 60_000): Promise<void> {
  await until(
    async () => {
      if (api.child.exitCode !== null)
        throw new Error(`${api.name} exited (${api.child.exitCode}): ${api.output().slice(-2000)}`);
      return answers(`http://127.0.0.1:${api.port}/api/health/ready`);
    },
    timeoutMs,
    `${api.name} ready`,
  );
}

/** Debian's HAProxy in front of the API instances: frontend `both` balances api1+api2, `one` sends to api1 alone. */
export async function startHaproxy(
  dir: string,
  apis: { name: string; port: number }[],
): Promise<{ both: string; one: string; stop: () => Promise<void> }> {
  const both = await freePort();
  const one = await freePort();
  const server = (a: { name: string; port: number }) => `  server ${a.name} 127.0.0.1:${a.port} check`;
  const config = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option redispatch',
    '  retries 3',
    '  option httpchk GET /api/health/ready',
    '  default-server inter 500ms fall 2 rise 1',
    `frontend both`,
    `  bind 127.0.0.1:${both}`,
    '  default_backend both',
    `frontend one`,
    `  bind 127.0.0.1:${one}`,
    '  default_backend one',
    'backend both',
    '  balance roundrobin',
    ...apis.map(server),
    'backend one',
    server(apis[0]!),
  ].join('\n');
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, `${config}\n`);
  const child = spawn('/usr/sbin/haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${err}`);
      return answers(`http://127.0.0.1:${both}/api/health/live`);
    },
    20_000,
    'haproxy',
  );
  return {
    both: `http://127.0.0.1:${both}`,
    one: `http://127.0.0.1:${one}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A TCP gate in front of the SMTP sink: `refuse()` closes the port (connections refused, open ones cut),
 * `accept()` opens it again on the same port, as an SMTP server that is down for a while.
 */
export async function smtpGate(
  target: string,
): Promise<{ url: string; refuse: () => Promise<void>; accept: () => Promise<void>; close: () => Promise<void> }> {
  const to = new URL(target);
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const accept = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(to.port), to.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  };
  const refuse = async () => {
    const closing = new Promise((resolve) => server?.close(resolve));
    for (const s of sockets) s.destroy();
    await closing;
    server = undefined;
  };
  await accept();
  return { url: `smtp://127.0.0.1:${port}`, refuse, accept, close: refuse };
}
