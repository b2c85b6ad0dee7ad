import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody, conflict } from './common/error.js';
import { IdParam, idNumber, nullableText } from './common/fields.js';
import { listRoute } from './common/area-routes.js';
import { ProgramListQuery } from './list-queries/programs.js';
import {
  ComponentOrderInput,
  ProgramComponent,
  ProgramComponentForm,
  ProgramComponentInput,
  ProgramComponentPatch,
  learningName,
} from './program-components.js';

export * from './program-components.js';
export * from './list-queries/programs.js';

/** Spec 03 §8 texts of the programs list and syllabus, verbatim. */
export const PROGRAM_MESSAGES = {
  deleted: 'Program deleted',
  saveFailed: 'Error creating program',
  deleteFailed: 'Error deleting program',
  sectionDeleted: 'Section deleted',
  sectionSaveFailed: 'Error creating section',
  sectionSaveFailedDetail: 'Sorry there was an error creating/updating the section',
  sectionDeleteFailed: 'Error deleting section',
  sectionDeleteFailedDetail: 'Sorry there was an error deleting the section',
  /** The server's refusal (spec 03 §4: a section cannot be deleted while components belong to it). */
  sectionHasComponents: 'A section with components cannot be deleted',
  emptySyllabus: 'Add your first section',
} as const;

/** A new section's index (spec 03 §9): it goes after every section ordered so far. */
export const NEW_SECTION_INDEX = 999;

/** A row of the programs list (spec 03 §3 Program without its sections). */
export const Program = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z
    .string()
    .describe(
      'Derived from the name when the program is created and kept on rename (learner links use it); unique (a clash gets -2, -3 ...)',
    ),
  summary: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Program = z.infer<typeof Program>;

export const ProgramSection = z.object({
  id: z.number().int(),
  programId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  index: z.number().int().describe('Sections are shown by index, then id; a new one gets 999'),
});
export type ProgramSection = z.infer<typeof ProgramSection>;

/** A program with its syllabus: sections by index, each with its components in order. */
export const ProgramDetail = Program.extend({
  sections: z.array(ProgramSection.extend({ components: z.array(ProgramComponent) })),
});
export type ProgramDetail = z.infer<typeof ProgramDetail>;

/** Add and edit body of a program. */
export const ProgramInput = z.object({
  name: learningName(),
  summary: nullableText(2000, 'Summary'),
});
export type ProgramInput = z.input<typeof ProgramInput>;

/** Section body (spec 03 §5: name 3 to 254, description optional). `index` only moves a section. */
export const ProgramSectionInput = z.object({
  name: learningName(),
  description: nullableText(2000, 'Description'),
});
export type ProgramSectionInput = z.input<typeof ProgramSectionInput>;

export const ProgramSectionPatch = ProgramSectionInput.partial().extend({
  index: z
    .number({ invalid_type_error: 'Index must be a number' })
    .int('Index must be a whole number')
    .min(0, 'Index must be 0 or more')
    .max(999, 'Index must be 999 or less')
    .optional(),
});
export type ProgramSectionPatch = z.input<typeof ProgramSectionPatch>;

const ProgramParam = z.object({ programId: idNumber('programId') });
const SectionParams = ProgramParam.extend({ sectionId: idNumber('sectionId') });
const SlugParam = z.object({ slug: z.string().min(1).max(200) });

export const programsContract = c.router(
  {
    list: listRoute('/admin/programs', ProgramListQuery, Program, 'List programs (search by name)'),
    get: {
      method: 'GET',
      path: '/admin/program/:id',
      pathParams: IdParam,
      responses: { 200: ProgramDetail, 404: ErrorBody },
      summary: 'A program with its syllabus',
    },
    getBySlug: {
      method: 'GET',
      path: '/admin/program/slug/:slug',
      pathParams: SlugParam,
      responses: { 200: ProgramDetail, 404: ErrorBody },
      summary:
        'A program with its syllabus, found by its slug (the syllabus page /admin/learning/programs/{programSlug} reads this)',
    },
    create: {
      method: 'POST',
      path: '/admin/program',
      body: ProgramInput,
      responses: { 201: Program, 400: ErrorBody },
      summary: 'Create a program (its slug comes from the name)',
    },
    update: {
      method: 'PATCH',
      path: '/admin/program/:id',
      pathParams: IdParam,
      body: ProgramInput.partial(),
      responses: { 200: Program, 400: ErrorBody, 404: ErrorBody },
      summary: 'Change a program (the slug stays)',
    },
    remove: {
      method: 'DELETE',
      path: '/admin/program/:id',
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 204: c.noBody(), 404: ErrorBody, 409: ErrorBody },
      summary: 'Delete a program with its sections, components and their Learning calendar events',
    },
    createSection: {
      method: 'POST',
      path: '/admin/program/:programId/section',
      pathParams: ProgramParam,
      body: ProgramSectionInput,
      responses: { 201: ProgramSection, 400: ErrorBody, 404: ErrorBody },
      summary: 'Add a section (index 999: after the others)',
    },
    updateSection: {
      method: 'PATCH',
      path: '/admin/program-section/:id',
      pathParams: IdParam,
      body: ProgramSectionPatch,
      responses: { 200: ProgramSection, 400: ErrorBody, 404: ErrorBody },
      summary: 'Change a section',
    },
    removeSection: {
      method: 'DELETE',
      path: '/admin/program-section/:id',
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 204: c.noBody(), 404: ErrorBody, 409: ErrorBody },
      summary: 'Delete an empty section (409 while components belong to it)',
    },
    componentForm: {
      method: 'GET',
      path: '/admin/program-component/form',
      responses: { 200: ProgramComponentForm },
      summary: 'The option lists of the component dialog',
    },
    createComponent: {
      method: 'POST',
      path: '/admin/program/:programId/section/:sectionId/component',
      pathParams: SectionParams,
      body: ProgramComponentInput,
      responses: { 201: ProgramComponent, 400: ErrorBody, 404: ErrorBody },
      summary: 'Add a component at the end of a section (a calendar event also creates its Learning calendar event)',
    },
    getComponent: {
      method: 'GET',
      path: '/admin/program-component/:id',
      pathParams: IdParam,
      responses: { 200: ProgramComponent, 404: ErrorBody },
      summary: 'One component',
    },
    updateComponent: {
      method: 'PATCH',
      path: '/admin/program-component/:id',
      pathParams: IdParam,
      body: ProgramComponentPatch,
      responses: { 200: ProgramComponent, 400: ErrorBody, 404: ErrorBody },
      summary: 'Change a component (its type, slug and an assessment component name stay)',
    },
    removeComponent: {
      method: 'DELETE',
      path: '/admin/program-component/:id',
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 204: c.noBody(), 404: ErrorBody, 409: ErrorBody },
      summary:
        "Delete a component and its Learning calendar event (409 while it is another component's async fallback)",
    },
    reorderComponents: {
      method: 'PATCH',
      path: '/admin/program/:programId/component/index',
      pathParams: ProgramParam,
      body: ComponentOrderInput,
      responses: { 200: ProgramDetail, 400: ErrorBody, 404: ErrorBody, ...conflict },
      summary:
        "Save a section's component order (entityIds: every component of the section once, in the new order); answers the syllabus",
    },
  },
  { metadata: meta.area('programs') },
);
