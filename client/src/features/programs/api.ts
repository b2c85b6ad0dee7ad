import { useQueryClient } from '@tanstack/react-query';
import {
  COMPONENT_MESSAGES,
  PROGRAM_MESSAGES,
  ProgramListQuery,
  programsContract,
  type ComponentOrderInput,
  type ProgramComponentInput,
  type ProgramComponentPatch,
  type ProgramDetail,
  type ProgramSectionInput,
} from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ programs: programsContract });
const KEY = 'programs';

/** Programs (spec 03 /admin/learning/programs): list, one program, add, edit and delete. */
export const programsArea = createArea(
  KEY,
  {
    list: tsr.programs.list,
    detail: tsr.programs.get,
    create: tsr.programs.create,
    update: tsr.programs.update,
    remove: tsr.programs.remove,
  },
  {
    savedMessage: 'Program saved',
    removeMeta: { successMessage: PROGRAM_MESSAGES.deleted, errorTitle: PROGRAM_MESSAGES.deleteFailed },
    listQuery: ProgramListQuery,
  },
);

export const syllabusKey = (slug: string) => [KEY, 'slug', slug] as const;

/** The syllabus page's program, by slug (GET /api/admin/program/slug/{slug}). */
export function useSyllabus(slug: string) {
  return tsr.programs.getBySlug.useQuery({ queryKey: syllabusKey(slug), queryData: { params: { slug } } });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [KEY] });
}

const sectionFailure = {
  errorTitle: PROGRAM_MESSAGES.sectionSaveFailed,
  errorMessage: PROGRAM_MESSAGES.sectionSaveFailedDetail,
  formIssues: true,
};

/** Add (no id) or edit a section of `programId`, for `useEntityForm`. */
export function useSaveSection(programId: number) {
  const onSettled = useInvalidate();
  const create = tsr.programs.createSection.useMutation({
    meta: { successMessage: 'Section saved', ...sectionFailure },
    onSettled,
  });
  const update = tsr.programs.updateSection.useMutation({
    meta: { successMessage: 'Section saved', ...sectionFailure },
    onSettled,
  });
  return {
    create: (body: ProgramSectionInput) => create.mutateAsync({ params: { programId }, body }),
    update: (id: number | string, body: ProgramSectionInput) =>
      update.mutateAsync({ params: { id: Number(id) }, body }),
  };
}

export function useRemoveSection() {
  const onSettled = useInvalidate();
  const mutation = tsr.programs.removeSection.useMutation({
    meta: {
      successMessage: PROGRAM_MESSAGES.sectionDeleted,
      errorTitle: PROGRAM_MESSAGES.sectionDeleteFailed,
      errorMessage: PROGRAM_MESSAGES.sectionDeleteFailedDetail,
    },
    onSettled,
  });
  return (id: number) => mutation.mutate({ params: { id } });
}

export function useComponentForm(enabled = true) {
  return tsr.programs.componentForm.useQuery({ queryKey: [KEY, 'component-form'], enabled, staleTime: 60_000 });
}

export function useComponent(id: number | undefined) {
  return tsr.programs.getComponent.useQuery({
    queryKey: [KEY, 'component', id],
    queryData: { params: { id: id ?? 0 } },
    enabled: id !== undefined,
  });
}

const componentFailure = {
  errorTitle: COMPONENT_MESSAGES.saveFailed,
  errorMessage: COMPONENT_MESSAGES.saveFailedDetail,
  formIssues: true,
};

/** Add a component to a section, or edit one: 'Component created' on add. */
export function useSaveComponent(programId: number, sectionId: number) {
  const onSettled = useInvalidate();
  const create = tsr.programs.createComponent.useMutation({
    meta: { successMessage: COMPONENT_MESSAGES.created, ...componentFailure },
    onSettled,
  });
  const update = tsr.programs.updateComponent.useMutation({
    meta: { successMessage: COMPONENT_MESSAGES.updated, ...componentFailure },
    onSettled,
  });
  return {
    create: (body: ProgramComponentInput) => create.mutateAsync({ params: { programId, sectionId }, body }),
    update: (id: number | string, body: ProgramComponentPatch) =>
      update.mutateAsync({ params: { id: Number(id) }, body }),
  };
}

export function useRemoveComponent() {
  const onSettled = useInvalidate();
  const mutation = tsr.programs.removeComponent.useMutation({
    meta: {
      successMessage: COMPONENT_MESSAGES.deleted,
      errorTitle: COMPONENT_MESSAGES.deleteFailed,
      errorMessage: COMPONENT_MESSAGES.deleteFailedDetail,
    },
    onSettled,
  });
  return (id: number) => mutation.mutate({ params: { id } });
}

/**
 * Saves a section's order on drop. The syllabus shows the new order at once (optimistic); on failure it
 * is put back and 'Error updating component' / 'There was an error updating the component order' shows.
 */
export function useReorderComponents(programId: number, slug: string) {
  const queryClient = useQueryClient();
  const key = syllabusKey(slug);
  const mutation = tsr.programs.reorderComponents.useMutation({
    meta: {
      successMessage: COMPONENT_MESSAGES.orderUpdated,
      errorTitle: COMPONENT_MESSAGES.reorderFailed,
      errorMessage: COMPONENT_MESSAGES.reorderFailedDetail,
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
  return (body: ComponentOrderInput & { sectionId: number }, optimistic: ProgramDetail) => {
    const previous = queryClient.getQueryData(key);
    queryClient.setQueryData(key, (old: { status: number; body: ProgramDetail; headers?: Headers } | undefined) =>
      old ? { ...old, body: optimistic } : old,
    );
    mutation.mutate({ params: { programId }, body }, { onError: () => queryClient.setQueryData(key, previous) });
  };
}
