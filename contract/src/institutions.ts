import { z } from 'zod';
import { Address, AddressInput } from './common/address.js';
import { UploadedFile, fileRef } from './common/file.js';
import { nullableInt, nullableText, requiredEnum, requiredText } from './common/fields.js';
import { adminAreaContract } from './common/area-routes.js';
import {
  FINANCIAL_MODELS,
  INSTITUTION_TYPES,
  InstitutionListQuery,
  OWNERSHIPS,
  RELIGIOUS_AFFILIATIONS,
} from './list-queries/institutions.js';

export * from './list-queries/institutions.js';

export const ABBREVIATION_MAX = 12;

export const Institution = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(INSTITUTION_TYPES),
  abbreviation: z.string(),
  legacyId: z.number().int().nullable(),
  ownership: z.enum(OWNERSHIPS),
  website: z.string().nullable(),
  population: z.string().nullable(),
  religiousAffiliation: z.enum(RELIGIOUS_AFFILIATIONS),
  financialModel: z.enum(FINANCIAL_MODELS),
  logo: UploadedFile.nullable(),
  logoUrl: z.string().nullable(),
  logos: z.array(UploadedFile),
  address: Address,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Institution = z.infer<typeof Institution>;

/** Create and update body; the same schema checks the form in the browser (spec 01 §5 texts). */
export const InstitutionInput = z.object({
  name: requiredText('Name is required', 255, 'Name must be 255 characters or less'),
  abbreviation: requiredText(
    'Abbreviation is required',
    ABBREVIATION_MAX,
    'Abbreviation must be 12 characters or less',
  ),
  type: requiredEnum([...INSTITUTION_TYPES], 'Type is required'),
  ownership: requiredEnum([...OWNERSHIPS], 'Ownership is required'),
  financialModel: requiredEnum([...FINANCIAL_MODELS], 'Financial Model is required').default('Unknown'),
  religiousAffiliation: requiredEnum([...RELIGIOUS_AFFILIATIONS], 'Religious Affiliation is required').default(
    'Unknown',
  ),
  legacyId: nullableInt('Legacy Id')
    .optional()
    .transform((v) => v ?? null),
  website: nullableText(500, 'Website'),
  population: nullableText(100, 'Population'),
  logoId: fileRef('Logo'),
  address: AddressInput,
});
export type InstitutionInput = z.input<typeof InstitutionInput>;

export const institutionsContract = adminAreaContract(
  'institutions',
  '/admin/institutions',
  { item: Institution, input: InstitutionInput, query: InstitutionListQuery },
  {
    noun: 'institution',
    list: 'List institutions (search by name or abbreviation; filter by type, ownership, religious affiliation)',
  },
);
