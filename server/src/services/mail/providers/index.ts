import { mandrill } from './mandrill.js';
import { postmark } from './postmark.js';
import type { EmailProviderName, MailProvider, ProviderConfig } from './provider.js';
import { sendgrid } from './sendgrid.js';
import { ses } from './ses.js';
import { smtp } from './smtp.js';

export * from './provider.js';

/** Every provider by name: one module each (see provider.ts). */
export const PROVIDERS: Record<EmailProviderName, MailProvider> = { smtp, ses, mandrill, sendgrid, postmark };

/** The provider EMAIL_PROVIDER names (smtp by default). */
export const mailProvider = (config: Pick<ProviderConfig, 'EMAIL_PROVIDER'>): MailProvider =>
  PROVIDERS[config.EMAIL_PROVIDER ?? 'smtp'];
