import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { baseOf } from '../../services/signed-link.js';
import { findBadge, revokedIndexes } from '../../services/badges/badges.js';
import { OB_CONTEXT, STATUS_LIST_PATH } from '../../services/badges/credential.js';
import { issuerKey, issuerKeyId, issuerPublicKeys } from '../../services/badges/issuer.js';
import { encodeStatusList } from '../../services/badges/status-list.js';
import { societySettings } from '../../services/receipts/society.js';
import { linkedInUrl } from './badge-view.js';
import { escapeHtml as escape, publicPage, sendPage } from '../../html/public-page.js';

/*
 * The Open Badges pages at the product's own address (issue 38 §4), outside /api so the links in a credential
 * stay short and stable: PUBLIC_URL/badges/{id} (the credential: JSON, its VC-JWT, or an HTML page for people, by
 * the Accept header), PUBLIC_URL/issuer (the issuer Profile, listing every key), PUBLIC_URL/issuer/key-{n} (each
 * key's public JWK, a JWT's kid; 410 once withdrawn as leaked) and PUBLIC_URL/status/revocation (the Bitstring Status List credential, JSON or signed VC-JWT).
 */

const wantsJwt = (r: FastifyRequest) => /application\/(vc\+)?jwt/.test(r.headers.accept ?? '');
const wantsJson = (r: FastifyRequest) => /application\/(ld\+|vc\+ld\+)?json/.test(r.headers.accept ?? '');

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
    return sendPage(
      reply,
      publicPage(
        badge.name,
        `${state}
<dl><dt>Issued by</dt><dd>${escape(c.issuer.name)}</dd><dt>Issued on</dt><dd>${escape(c.issuanceDate.slice(0, 10))}</dd>
<dt>Description</dt><dd>${escape(c.credentialSubject.achievement.description)}</dd>
<dt>Criteria</dt><dd>${escape(c.credentialSubject.achievement.criteria.narrative)}</dd></dl>
<p class="links"><a href="${escape(`${base()}/badges/${badge.id}`)}" type="application/ld+json">Credential (JSON)</a> ·
<a href="${escape(linkedInUrl(base(), badge, c.issuer.name))}">Add to LinkedIn</a></p>`,
        'Open Badge',
      ),
      { cache: 'no-cache' },
    );
  });

  app.get('/issuer', async (_request, reply) => {
    const [society, keys] = await Promise.all([societySettings(app.db), issuerPublicKeys(app.db)]);
    const id = `${base()}/issuer`;
    const methods = keys.map((k) => ({
      id: issuerKeyId(base(), k.number),
      type: 'JsonWebKey',
      controller: id,
      publicKeyJwk: k.publicJwk,
      ...(k.withdrawnAt ? { revoked: k.withdrawnAt.toISOString() } : {}),
    }));
    const current = methods.at(-1);
    return reply.type('application/ld+json').send({
      '@context': OB_CONTEXT,
      id,
      type: ['Profile'],
      name: society.name,
      url: base(),
      ...(society.address ? { address: { type: ['Address'], streetAddress: society.address } } : {}),
      // The key signing new badges, and every key (a withdrawn one marked revoked, no longer an assertion method).
      ...(current ? { publicKey: { id: current.id, type: current.type, publicKeyJwk: current.publicKeyJwk } } : {}),
      ...(methods.length
        ? {
            verificationMethod: methods,
            assertionMethod: methods.filter((m) => !m.revoked).map((m) => m.id),
          }
        : {}),
    });
  });

  app.get<{ Params: { key: string } }>('/issuer/:key', async (request, reply) => {
    const number = /^key-([1-9]\d{0,8})$/.exec(request.params.key)?.[1];
    const key = number ? (await issuerPublicKeys(app.db)).find((k) => k.number === Number(number)) : undefined;
    if (!key) return reply.status(404).type('text/plain').send('No such key');
    if (key.withdrawnAt)
      return reply
        .status(410)
        .type('text/plain')
        .send(
          `This key was withdrawn on ${key.withdrawnAt.toISOString().slice(0, 10)}: the badges it signed were revoked.`,
        );
    const kid = issuerKeyId(base(), key.number);
    return reply.type('application/jwk+json').send({ ...key.publicJwk, kid, alg: 'EdDSA', use: 'sig' });
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
