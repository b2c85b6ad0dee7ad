import { z } from 'zod';
import { STORABLE_TEXT } from './fields.js';

export const COUNTRIES = ['US', 'CA'] as const;

/** The 50 US states, code and name, for the state picker when the country is US. */
export const US_STATES: ReadonlyArray<{ code: string; name: string }> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code!, name: name! }));

const text = z.string().trim().max(255).nullable();

/** Spec 01 §3 Address: all nullable strings; country US or CA. */
export const Address = z.object({
  street1: text,
  street2: text,
  city: text,
  state: text,
  postalCode: z.string().trim().max(20).nullable(),
  country: z.enum(COUNTRIES).nullable(),
});
export type Address = z.infer<typeof Address>;

const inputText = (label: string, max = 255) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .regex(STORABLE_TEXT, `${label} contains an invalid character`)
    .nullish();

/** Accepts a partial address on input and fills missing parts with null. */
export const AddressInput = z
  .object({
    street1: inputText('Street 1'),
    street2: inputText('Street 2'),
    city: inputText('City'),
    state: inputText('State'),
    postalCode: inputText('Postal Code', 20),
    country: z.enum(COUNTRIES).nullish(),
  })
  .nullish()
  .transform((a) => ({
    street1: a?.street1 || null,
    street2: a?.street2 || null,
    city: a?.city || null,
    state: a?.state || null,
    postalCode: a?.postalCode || null,
    country: a?.country ?? null,
  }));

export const emptyAddress: Address = {
  street1: null,
  street2: null,
  city: null,
  state: null,
  postalCode: null,
  country: null,
};
