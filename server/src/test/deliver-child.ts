// A delivery pass in a process of its own, for the kill-and-restart test (deliver.test.ts): the test
// kills it with SIGKILL mid-batch. Env: DATABASE_URL, SMTP_URL (unset = outbox), PUBLIC_URL.
import { loadConfig } from '../config.js';
import { createDb } from '../db/database.js';
import { setServiceConfig } from '../services/secrets.js';
import { deliverQueuedEmails } from '../services/mail/deliver.js';
import { mailConfig } from '../services/mail/mail-config.js';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', EMAIL_RATE_PER_SECOND: '100000' });
setServiceConfig(config);
const db = createDb(process.env.DATABASE_URL!, 4);
process.stdout.write('started\n');
await deliverQueuedEmails(db, mailConfig(config), { connections: 4 });
await db.destroy();
process.stdout.write('finished\n');
