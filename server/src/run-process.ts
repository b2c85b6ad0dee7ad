type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type ProcessControl = {
  /** Registers how to stop something just started; stops run in reverse order (last started, first stopped). */
  onStop: (stop: () => Promise<unknown>) => void;
  /** The logger shutdown reports to, once there is one. */
  setLog: (log: Log) => void;
};

/**
 * Runs a long-lived process (`server.ts`, `worker.ts`). Reads `.env` when present, then `main`.
 * On SIGINT/SIGTERM, even one arriving mid-start, or when the start fails, whatever `main` has
 * registered so far is stopped in reverse order, each step even if an earlier one failed, within
 * 10 s; then the process exits (1 after a failed start).
 */
export function runProcess(main: (control: ProcessControl) => Promise<void>): void {
  const stops: Array<() => Promise<unknown>> = [];
  let log: Log | undefined;
  let closing = false;

  async function shutdown(signal: string, code = 0) {
    if (closing) return;
    closing = true;
    log?.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    for (const stop of stops.reverse()) {
      await stop().catch((err: unknown) => log?.error({ err }, 'a part did not stop cleanly'));
    }
    clearTimeout(timer);
    process.exit(code);
  }

  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // no .env file: the environment alone configures the process
  }
  main({ onStop: (stop) => stops.push(stop), setLog: (l) => (log = l) }).catch(async (err: unknown) => {
    if (closing) return; // a signal interrupted the start: shutdown() reports and exits
    console.error(err instanceof Error ? err.message : err);
    await shutdown('start failed', 1);
  });
}
