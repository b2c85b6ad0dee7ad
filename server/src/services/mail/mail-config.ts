import type { Config } from '../../config.js';
import type { ProviderConfig } from './providers/index.js';
import type { PacingConfig } from '../deliverability/pass-pacing.js';
import type { DkimConfig } from './transport.js';

/** The settings mail reads (server/src/config.ts: SMTP_URL, EMAIL_RATE_PER_SECOND, EMAIL_DAILY_QUOTA, PUBLIC_URL, EMAIL_PROVIDER and the providers' own). */
export type MailConfig = ProviderConfig &
  PacingConfig &
  DkimConfig & {
    SMTP_URL?: string | undefined;
    EMAIL_RATE_PER_SECOND: number;
    EMAIL_DAILY_QUOTA: number;
    /** SMTP connections a delivery pass opens (EMAIL_SMTP_CONNECTIONS); unset: DEFAULT_CONNECTIONS. */
    EMAIL_SMTP_CONNECTIONS?: number | undefined;
    /** The day sending started (YYYY-MM-DD): the warm-up schedule's day 1. */
    EMAIL_WARMUP_START?: string | undefined;
  };

/** The app's configuration as mail reads it (read loosely: this module does not depend on which settings config.ts declares). */
export function mailConfig(config: Config): MailConfig {
  const c = config as unknown as Partial<MailConfig> & { PORT: number };
  return {
    ...c,
    EMAIL_RATE_PER_SECOND: c.EMAIL_RATE_PER_SECOND ?? 50,
    EMAIL_DAILY_QUOTA: c.EMAIL_DAILY_QUOTA ?? 100_000,
  };
}
