import { useQueryClient } from '@tanstack/react-query';
import {
  LESSON_MESSAGES,
  lessonsContract,
  type LessonSegment,
  type LessonSegmentInput,
  type LessonSegmentPatch,
} from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ lessons: lessonsContract });

/** Lesson pages share the programs' first key segment: a change here refreshes the syllabus (segment counts) too. */
const KEY = ['programs', 'lessons'] as const;

export const lessonQueries = {
  all: KEY,
  detail: (programSlug: string, lessonSlug: string) => [...KEY, programSlug, lessonSlug] as const,
};

/** A segmented lesson with its details and segments (GET /api/admin/program/{programSlug}/lesson/{lessonSlug}). */
export function useLesson(programSlug: string, lessonSlug: string) {
  return tsr.lessons.getBySlug.useQuery({
    queryKey: lessonQueries.detail(programSlug, lessonSlug),
    queryData: { params: { programSlug, lessonSlug } },
  });
}

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['programs'] });
};

const saveMeta = {
  successMessage: LESSON_MESSAGES.saved,
  errorTitle: LESSON_MESSAGES.saveFailed,
  errorMessage: LESSON_MESSAGES.saveFailedDetail,
  formIssues: true,
};

/** Add a segment to lesson `componentId`, or edit one (for `useEntityForm`). */
export function useSaveSegment(componentId: number) {
  const onSettled = useInvalidate();
  const create = tsr.lessons.createSegment.useMutation({ meta: saveMeta, onSettled });
  const update = tsr.lessons.updateSegment.useMutation({ meta: saveMeta, onSettled });
  return {
    create: (body: LessonSegmentInput) => create.mutateAsync({ params: { id: componentId }, body }),
    update: (id: number | string, body: LessonSegmentPatch) => update.mutateAsync({ params: { id: Number(id) }, body }),
  };
}

export function useRemoveSegment() {
  const onSettled = useInvalidate();
  const mutation = tsr.lessons.removeSegment.useMutation({
    meta: {
      successMessage: LESSON_MESSAGES.deleted,
      errorTitle: LESSON_MESSAGES.deleteFailed,
      errorMessage: LESSON_MESSAGES.deleteFailedDetail,
    },
    onSettled,
  });
  return {
    remove: (segment: LessonSegment) => mutation.mutate({ params: { id: segment.id } }),
    isPending: mutation.isPending,
  };
}

/** Saves a new order on drop; `onError` puts the shown order back. */
export function useReorderSegments(componentId: number) {
  const onSettled = useInvalidate();
  const mutation = tsr.lessons.reorderSegments.useMutation({
    meta: {
      successMessage: LESSON_MESSAGES.orderUpdated,
      errorTitle: LESSON_MESSAGES.orderFailed,
      errorMessage: LESSON_MESSAGES.orderFailedDetail,
    },
    onSettled,
  });
  return (entityIds: number[], onError: () => void) =>
    mutation.mutate({ params: { id: componentId }, body: { entityIds } }, { onError });
}
