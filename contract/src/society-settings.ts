import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { Address, AddressInput } from './common/address.js';
import { UploadedFile, fileRef } from './common/file.js';
import { requiredText } from './common/fields.js';

/**
 * The society's settings (issue 38 §7): its name, postal address and logo, printed on receipts and membership
 * certificates, and the public part of its Open Badges issuer key (read-only: the private part never leaves
 * the server). Area `settings`: `settings:read` to see them, `settings:write` to change them.
 */
export const SocietySettings = z.object({
  name: z.string(),
  address: Address,
  logo: UploadedFile.nullable(),
  /** The issuer's current Ed25519 public key (signing new badges), null until the first badge generates the pair. */
  issuerKey: z
    .object({
      /** The key id verifiers dereference (`PUBLIC_URL/issuer/key-2`). */
      kid: z.string(),
      jwk: z.record(z.string()),
      pem: z.string(),
    })
    .nullable(),
  /** Every issuer key, oldest first: key-1, key-2 ... (the last is the current one). */
  issuerKeys: z.array(
    z.object({
      /** `key-1`, `key-2` ... */
      name: z.string(),
      kid: z.string(),
      createdAt: z.string(),
      current: z.boolean(),
      /** When staff said it leaked, rotating away from it; its badges were revoked and reissued. */
      withdrawnAt: z.string().nullable(),
      /** Its badges that still stand (not revoked, not reissued). */
      liveBadges: z.number().int(),
    }),
  ),
  updatedAt: z.string(),
});
export type SocietySettings = z.infer<typeof SocietySettings>;

export const SocietySettingsInput = z.object({
  name: requiredText('Name is required', 200, 'Name must be 200 characters or less'),
  address: AddressInput,
  /** A PNG or JPEG image (the PDFs can draw only these), or null for none. */
  logoId: fileRef('Logo'),
});
export type SocietySettingsInput = z.input<typeof SocietySettingsInput>;

/** Rotate the issuer key; `leaked`: withdraw the old key, and revoke and reissue (signed by the new) its badges. */
export const RotateIssuerKeyInput = z.object({ leaked: z.boolean().default(false) });
export type RotateIssuerKeyInput = z.input<typeof RotateIssuerKeyInput>;

export const IssuerKeyRotation = z.object({
  /** The new current key (`key-2`) and the one it replaced (null when there was none). */
  key: z.string(),
  previous: z.string().nullable(),
  revoked: z.number().int(),
  reissued: z.number().int(),
});
export type IssuerKeyRotation = z.infer<typeof IssuerKeyRotation>;

export const SOCIETY_LOGO_KINDS = 'Logo must be a PNG or JPEG image';
export const SOCIETY_SETTINGS_SAVED = 'Society settings saved.';

const PATH = '/admin/tech/settings';

export const societySettingsContract = c.router(
  {
    get: {
      method: 'GET',
      path: PATH,
      responses: { 200: SocietySettings },
      summary: "The society's name, address and logo, and its issuer key's public part",
    },
    update: {
      method: 'PUT',
      path: PATH,
      body: SocietySettingsInput,
      responses: { 200: SocietySettings },
      summary: "Change the society's name, address and logo (printed on receipts and certificates); audited",
    },
    rotateIssuerKey: {
      method: 'POST',
      path: `${PATH}/issuer-key/rotate`,
      body: RotateIssuerKeyInput,
      responses: { 200: IssuerKeyRotation },
      summary:
        'Make a new issuer key sign new badges (earlier badges keep verifying with the old); if the old key leaked, ' +
        'withdraw it and revoke and reissue its badges; audited',
    },
  },
  { metadata: meta.area('settings') },
);
