import { createArea, pickerSource } from '../../api/area';
import { apiRouter, chaptersContract, institutionsContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ chapters: chaptersContract, institutions: institutionsContract });

/** The area's routes under `/api` (e.g. its export address), without the whole contract's schemas. */
export const chaptersRoutes = apiRouter({ chapters: chaptersContract }).chapters;

export const CHAPTER_SAVED = 'Chapter saved successfully.';

/** The chapters area: list, one chapter, create and update. */
export const chaptersArea = createArea(
  'chapters',
  { list: tsr.chapters.list, detail: tsr.chapters.get, create: tsr.chapters.create, update: tsr.chapters.update },
  { savedMessage: CHAPTER_SAVED },
);

/** The institution picker's pages: 20 at a time, by name (spec 01 §9). */
export const institutionOptions = pickerSource('institutions', tsr.institutions.list);
