type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type ProcessControl = {
  /** Registers how to stop something just started; stops run in reverse order (last started, first stopped). */
  onStop: (stop: () => Promise<unknown>) => void;
  /** The logger shutdown reports to, once there is one. */
  setLog: (log: Log) => void;
  /** How long a shutdown may take before the process gives up and exits 1 (SHUTDOWN_SECONDS; 10 s until set). */
  setShutdownSeconds: (seconds: number) => void;
};

/**
 * Runs a long-lived process (`server.ts`, `worker.ts`). Reads `.env` when present, then `main`.
 * On SIGINT/SIGTERM, even one arriving mid-start, or when the start fails, whatever `main` has
 * registered so far is stopped in reverse order, each step even if an earlier one failed, within
 * SHUTDOWN_SECONDS; then the process exits 0 (1 after a failed start, or when the time ran out).
 */
export function runProcess(main: (control: ProcessControl) => Promise<void>): void {
  const stops: Array<() => Promise<unknown>> = [];
  let log: Log | undefined;
  let closing = false;
  let shutdownMs = 10_000;

  async function shutdown(signal: string, code = 0) {
    if (closing) return;
    closing = true;
    log?.info({ signal, seconds: shutdownMs / 1000 }, 'shutting down');
    const timer = setTimeout(() => {
      log?.error({ seconds: shutdownMs / 1000 }, 'shutdown took too long: exiting');
      process.exit(1);
    }, shutdownMs).unref();
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
  const control: ProcessControl = {
    onStop: (stop) => stops.push(stop),
    setLog: (l) => (log = l),
    setShutdownSeconds: (seconds) => (shutdownMs = seconds * 1000),
  };
  main(control).catch(async (err: unknown) => {
    if (closing) return; // a signal interrupted the start: shutdown() reports and exits
    console.error(err instanceof Error ? err.message : err);
    await shutdown('start failed', 1);
  });
}
