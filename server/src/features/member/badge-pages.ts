import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { baseOf } from '../../services/signed-link.js';
import { findBadge, revokedIndexes } from '../../services/badges/badges.js';
import { OB_CONTEXT, STATUS_LIST_PATH } from '../../services/badges/credential.js';
import { issuerKey, issuerPublicJwk } from '../../services/badges/issuer.js';
import { encodeStatusList } from '../../services/badges/status-list.js';
import { societySettings } from '../../services/receipts/society.js';
import { linkedInUrl } from './badge-view.js';

/*
 * The Open Badges pages at the product's own address (issue 38 §4), outside /api so the links in a credential
 * stay short and stable: PUBLIC_URL/badges/{id} (the credential: JSON, its VC-JWT, or an HTML page for people, by
 * the Accept header), PUBLIC_URL/issuer (the issuer Profile), PUBLIC_URL/issuer/key-1 (its public JWK, the JWT's
 * kid) and PUBLIC_URL/status/revocation (the Bitstring Status List credential, JSON or signed VC-JWT).
 */

const wantsJwt = (r: FastifyRequest) => /application\/(vc\+)?jwt/.test(r.headers.accept ?? '');
const wantsJson = (r: FastifyRequest) => /application\/(ld\+|vc\+ld\+)?json/.test(r.headers.accept ?? '');

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><meta name="color-scheme" content="light dark">
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;padding:24px;line-height:1.5}
main{max-width:560px;margin:0 auto;border:1px solid #8884;border-radius:12px;padding:24px}
h1{font-size:1.5rem;margin:.2em 0}.state{font-weight:700}.valid{color:#087f5b}.revoked{color:#c92a2a}
a{color:inherit}dt{font-size:.75rem;text-transform:uppercase;opacity:.75;margin-top:12px}dd{margin:0}</style></head>
<body><main>${body}</main></body></html>`;
}

export async function registerBadgePages(app: FastifyInstance): Promise<void> {
  const base = () => baseOf({ baseUrl: app.config.PUBLIC_URL });

  app.get<{ Params: { id: string } }>('/badges/:id', async (request, reply) => {
    // {id}.json: the credential as a file to keep (a wallet's import).
    const asFile = request.params.id.endsWith('.json');
    const badge = await findBadge(app.db, asFile ? request.params.id.slice(0, -5) : request.params.id);
    if (!badge) return reply.status(404).type('text/plain').send('Badge not found');
    reply.header('cache-control', 'no-cache');
    if (asFile) reply.header('content-disposition', `attachment; filename="badge-${badge.id}.json"`);
    if (asFile) return reply.type('application/ld+json').send(badge.credential);
    if (wantsJwt(request)) return reply.type('application/vc+jwt').send(badge.jwt);
    if (wantsJson(request)) return reply.type('application/ld+json').send(badge.credential);
    const c = badge.credential as {
      issuer: { name: string };
      issuanceDate: string;
      credentialSubject: { achievement: { description: string; criteria: { narrative: string } } };
    };
    const state = badge.revokedAt
      ? '<p class="state revoked">Revoked: this badge no longer stands.</p>'
      : '<p class="state valid">Valid Open Badge</p>';
    return reply.type('text/html').send(
      page(
        badge.name,
        `<p>Open Badge</p><h1>${escape(badge.name)}</h1>${state}
<dl><dt>Issued by</dt><dd>${escape(c.issuer.name)}</dd><dt>Issued on</dt><dd>${escape(c.issuanceDate.slice(0, 10))}</dd>
<dt>Description</dt><dd>${escape(c.credentialSubject.achievement.description)}</dd>
<dt>Criteria</dt><dd>${escape(c.credentialSubject.achievement.criteria.narrative)}</dd></dl>
<p><a href="${escape(`${base()}/badges/${badge.id}`)}" type="application/ld+json">Credential (JSON)</a> ·
<a href="${escape(linkedInUrl(base(), badge, c.issuer.name))}">Add to LinkedIn</a></p>`,
      ),
    );
  });

  app.get('/issuer', async (_request, reply) => {
    const [society, jwk] = await Promise.all([societySettings(app.db), issuerPublicJwk(app.db)]);
    return reply.type('application/ld+json').send({
      '@context': OB_CONTEXT,
      id: `${base()}/issuer`,
      type: ['Profile'],
      name: society.name,
      url: base(),
      ...(society.address ? { address: { type: ['Address'], streetAddress: society.address } } : {}),
      ...(jwk ? { publicKey: { id: `${base()}/issuer/key-1`, type: 'JsonWebKey', publicKeyJwk: jwk } } : {}),
    });
  });

  app.get('/issuer/key-1', async (_request, reply) => {
    const jwk = await issuerPublicJwk(app.db);
    if (!jwk) return reply.status(404).type('text/plain').send('No key yet');
    return reply.type('application/jwk+json').send({ ...jwk, kid: `${base()}/issuer/key-1`, alg: 'EdDSA', use: 'sig' });
  });

  app.get(STATUS_LIST_PATH, async (request, reply) => {
    const id = `${base()}${STATUS_LIST_PATH}`;
    const credential = {
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: `${base()}/issuer`,
      validFrom: new Date().toISOString(),
      credentialSubject: {
        id: `${id}#list`,
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: encodeStatusList(await revokedIndexes(app.db)),
      },
    };
    reply.header('cache-control', 'no-cache');
    if (!wantsJwt(request)) return reply.type('application/ld+json').send(credential);
    const key = await issuerKey(app.db, app.config, base());
    const jwt = await new SignJWT(credential)
      .setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid: key.kid })
      .sign(key.privateKey);
    return reply.type('application/vc+jwt').send(jwt);
  });
}
