import { mandrill } from './mandrill.js';
import type { MailProvider } from './provider.js';

/**
 * Any SMTP relay (the default). Its messages carry Mandrill's metadata header as they always have, so
 * an installation that sends through Mandrill's SMTP without naming it keeps its events matched.
 */
export const smtp: MailProvider = { ...mandrill, name: 'smtp' };
