import { z } from 'zod';

export const COUNTRIES = ['US', 'CA'] as const;

/** The 50 US states, code and name, for the state picker when the country is US. */
export const US_STATES: ReadonlyArray<{ code: string; name: string }> = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'],
  ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'],
  ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'],
  ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'],
  ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'],
  ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
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

/** Accepts a partial address on input and fills missing parts with null. */
export const AddressInput = Address.partial()
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
  street1: null, street2: null, city: null, state: null, postalCode: null, country: null,
};
