import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type WorkerProcess = {
  child: ChildProcess;
  /** Delivery passes this process has started and not finished, read from its log. */
  delivering: () => number;
  exited: Promise<void>;
  kill: () => Promise<void>;
};

const workerFile = fileURLToPath(new URL('../worker.ts', import.meta.url));

/**
 * `npm run worker` in a process of its own (for the crash tests and the bench): the real job queue,
 * handlers and schedules on `env.DATABASE_URL`. Its JSON log is read for the delivery passes it runs,
 * so a test can kill the process that holds one.
 */
export function startWorkerProcess(
  env: Record<string, string>,
  opts: {
    /** The built worker (server/dist/worker.js) run by plain node, instead of the sources through tsx. */ built?: string;
  } = {},
): WorkerProcess {
  const all: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env };
  delete all.TEST_DATABASE_URL;
  const args = opts.built ? ['--enable-source-maps', opts.built] : ['--import', 'tsx', workerFile];
  const child = spawn(process.execPath, args, { env: all, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
  let delivering = 0;
  let buffered = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffered += String(d);
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { msg: string; job?: string };
      if (entry.job !== 'deliver-emails') continue;
      if (entry.msg.startsWith('job started')) delivering++;
      else if (entry.msg.startsWith('job succeeded') || entry.msg.startsWith('job failed')) delivering--;
    }
  });
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
  return {
    child,
    delivering: () => delivering,
    exited,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
