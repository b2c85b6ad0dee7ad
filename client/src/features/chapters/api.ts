import { crudArea, pickerSource } from '../../api/area';
import { chaptersContract, institutionsContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

export const CHAPTER_SAVED = 'Chapter saved successfully.';

/** The chapters area: list, one chapter, create and update; `routes` for its export address. */
export const chaptersArea = crudArea('chapters', chaptersContract, { savedMessage: CHAPTER_SAVED });

/** The institution picker's pages: 20 at a time, by name (spec 01 §9). */
export const institutionOptions = pickerSource(
  'institutions',
  areaClient({ institutions: institutionsContract }).institutions.list,
);
