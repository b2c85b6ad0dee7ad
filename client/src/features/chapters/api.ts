import { useQueryClient } from '@tanstack/react-query';
import type { ChapterListQuery, Institution } from '@app/contract';
import { tsr } from '../../api/tsr';
import { PICKER_PAGE_SIZE, toOptionsPage, type FetchOptionsPage } from '../../components/form-kit';

export const CHAPTER_SAVED = 'Chapter saved successfully.';

/** Query keys of the chapters area; a save invalidates `all`. */
export const chapterQueries = {
  all: ['chapters'] as const,
  list: (query: ChapterListQuery) => ['chapters', 'list', query] as const,
  detail: (id: number) => ['chapters', 'detail', id] as const,
  institutionOptions: ['chapters', 'institution-options'] as const,
};

export function useChapterList(query: ChapterListQuery) {
  return tsr.chapters.list.useQuery({ queryKey: chapterQueries.list(query), queryData: { query } });
}

export function useChapter(id: number) {
  return tsr.chapters.get.useQuery({ queryKey: chapterQueries.detail(id), queryData: { params: { id } } });
}

/** Create and update for the chapter form: the saved notification and error rule come from the query client. */
export function useSaveChapter() {
  const queryClient = useQueryClient();
  const options = {
    meta: { successMessage: CHAPTER_SAVED, formIssues: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chapterQueries.all }),
  };
  const create = tsr.chapters.create.useMutation(options);
  const update = tsr.chapters.update.useMutation(options);
  return {
    create: (body: Parameters<typeof create.mutateAsync>[0]['body']) => create.mutateAsync({ body }),
    update: (id: number | string, body: Parameters<typeof update.mutateAsync>[0]['body']) =>
      update.mutateAsync({ params: { id: Number(id) }, body }),
  };
}

/** The institution picker's pages: 20 at a time, by name (spec 01 §9). */
export const fetchInstitutionOptions: FetchOptionsPage<Institution> = (search, page) =>
  tsr.institutions.list
    .query({ query: { search: search || undefined, page, pageSize: PICKER_PAGE_SIZE, sort: 'name:asc' } })
    .then((res) => toOptionsPage<Institution>(res));
