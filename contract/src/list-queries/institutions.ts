import { z } from 'zod';
import { listQuery } from '../common/list.js';

// The institution's enumerations and its list query, apart from the area's routes: see ./README.md.

export const INSTITUTION_TYPES = ['Community College', 'College/University', 'Business'] as const;
export const OWNERSHIPS = ['Public', 'Private'] as const;
export const FINANCIAL_MODELS = ['Unknown', 'Profit', 'Non-Profit'] as const;
export const RELIGIOUS_AFFILIATIONS = [
  'None',
  'Catholic',
  'Jesuit',
  'Jewish',
  'Mennonite',
  'Mormon',
  'Protestant',
  'Islam',
  'Hindu',
  'Hinduism',
  'Buddhism',
  'Judaism',
  'Unknown',
  'Other',
] as const;

export const InstitutionListQuery = listQuery({
  sortable: ['name', 'abbreviation', 'type', 'ownership', 'createdAt', 'id'] as const,
  filters: {
    type: z.enum(INSTITUTION_TYPES).optional(),
    ownership: z.enum(OWNERSHIPS).optional(),
    religiousAffiliation: z.enum(RELIGIOUS_AFFILIATIONS).optional(),
  },
});
export type InstitutionListQuery = z.input<typeof InstitutionListQuery>;
