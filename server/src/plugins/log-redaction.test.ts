import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { redactUrl } from './log-redaction.js';

describe('request log redaction', () => {
  it('replaces signature, token and key values, keeps the rest', () => {
    expect(redactUrl('/api/public/invitations/1/email/2/3/status?signature=abcDEF_-1')).toBe(
      '/api/public/invitations/1/email/2/3/status?signature=[redacted]',
    );
    expect(redactUrl('/api/public/video/callback?token=s3cr3t&id=9')).toBe(
      '/api/public/video/callback?token=[redacted]&id=9',
    );
    expect(redactUrl('/x?page=2&Api_Key=k&access_token=t&%73ignature=z')).toBe(
      '/x?page=2&Api_Key=[redacted]&access_token=[redacted]&%73ignature=[redacted]',
    );
    expect(redactUrl('/api/public/email/open/12/AbCdEfGhIjKlMnOpQrStUv')).toBe('/api/public/email/open/12/[redacted]');
    expect(redactUrl('/api/public/email/click/12/AbCd?u=https%3A%2F%2Fx.example')).toBe(
      '/api/public/email/click/12/[redacted]?u=https%3A%2F%2Fx.example',
    );
    expect(redactUrl('/api/admin/institutions?search=key')).toBe('/api/admin/institutions?search=key');
  });

  it("the app's logger writes no signature into its request lines", async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const app = Fastify({
      logger: { ...loggerOptions(loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info' })), stream },
    });
    app.get('/api/public/invitations/:a/status', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/public/invitations/1/status?signature=TOPSECRETSIG&x=1' });
    await app.close();
    const text = lines.join('');
    expect(text).toContain('signature=[redacted]&x=1');
    expect(text).not.toContain('TOPSECRETSIG');
  });
});
