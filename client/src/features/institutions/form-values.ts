import { emptyAddress, type Address, type Institution, type UploadedFile } from '@app/contract';

/** What the side panel edits; `logo` is only shown, the body sends `logoId`. */
export type InstitutionFormValues = {
  name: string;
  abbreviation: string;
  type: Institution['type'] | null;
  ownership: Institution['ownership'] | null;
  financialModel: Institution['financialModel'];
  religiousAffiliation: Institution['religiousAffiliation'];
  legacyId: number | null;
  website: string | null;
  population: string | null;
  logoId: number | null;
  logo: UploadedFile | null;
  address: Address;
};

/** The form's start: the institution's values, or a new one with Unknown defaults (spec 01 §3). */
export function toFormValues(institution?: Institution): InstitutionFormValues {
  if (!institution) {
    return {
      name: '', abbreviation: '', type: null, ownership: null, financialModel: 'Unknown', religiousAffiliation: 'Unknown',
      legacyId: null, website: null, population: null, logoId: null, logo: null, address: { ...emptyAddress },
    };
  }
  return {
    name: institution.name,
    abbreviation: institution.abbreviation,
    type: institution.type,
    ownership: institution.ownership,
    financialModel: institution.financialModel,
    religiousAffiliation: institution.religiousAffiliation,
    legacyId: institution.legacyId,
    website: institution.website,
    population: institution.population,
    logoId: institution.logo?.id ?? null,
    logo: institution.logo,
    address: { ...emptyAddress, ...institution.address },
  };
}
