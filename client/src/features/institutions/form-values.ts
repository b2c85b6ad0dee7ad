import { emptyAddress, type Institution, type InstitutionInput, type UploadedFile } from '@app/contract';
import type { FormValuesOf } from '../../components/form-kit';

/** What the side panel edits: the contract's input, plus the logo itself to show (the body sends `logoId`). */
export type InstitutionFormValues = FormValuesOf<typeof InstitutionInput> & { logo: UploadedFile | null };

/** The form's start: the institution's values, or a new one with Unknown defaults (spec 01 §3). */
export function toFormValues(institution?: Institution): InstitutionFormValues {
  if (!institution) {
    return {
      name: '',
      abbreviation: '',
      type: null,
      ownership: null,
      financialModel: 'Unknown',
      religiousAffiliation: 'Unknown',
      legacyId: null,
      website: null,
      population: null,
      logoId: null,
      logo: null,
      address: { ...emptyAddress },
    };
  }
  const { id, logoUrl, logos, createdAt, updatedAt, ...fields } = institution;
  return { ...fields, logoId: fields.logo?.id ?? null, address: { ...emptyAddress, ...fields.address } };
}
