// An SMTP server on 127.0.0.1 in a process of its own (the email bench): it accepts and counts every
// message, so the sender's measured throughput is not shared with the receiver's parsing.
import { startTestSmtp } from '../../server/src/test/smtp.js';

const smtp = await startTestSmtp({ keep: false });
process.send!({ url: smtp.url });
process.on('message', (m: { count?: boolean; stop?: boolean }) => {
  if (m.count) process.send!({ count: smtp.count() });
  if (m.stop) void smtp.close().then(() => process.exit(0));
});
