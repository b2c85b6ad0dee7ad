import { z } from 'zod';
import { useSearch } from '@tanstack/react-router';
import { QUESTION_TYPES, type QuestionType } from '@app/contract';
import { useSearchPatch } from '../list-kit/use-search-patch';

/**
 * The URL keys of the question side panel on a quiz or survey screen: `?question=new&type=matcher` adds
 * one, `?question=12` edits one, so a reload keeps it open. Unknown values close it.
 * @example validateSearch: z.object(questionPanelSearch)
 */
export const questionPanelSearch = {
  question: z
    .union([z.literal('new'), z.coerce.number().int().positive()])
    .optional()
    .catch(undefined),
  type: z.enum(QUESTION_TYPES).optional().catch(undefined),
};

/** Opens and closes the question panel through the URL (the route must take `questionPanelSearch`). */
export function useQuestionPanel() {
  const search = useSearch({ strict: false }) as { question?: 'new' | number; type?: QuestionType };
  const patchSearch = useSearchPatch();
  const go = (question: 'new' | number | undefined, type?: QuestionType) => patchSearch({ question, type });
  return {
    question: search.question,
    type: search.type,
    openNew: (type: QuestionType) => go('new', type),
    openEdit: (id: number) => go(id),
    close: () => go(undefined),
  };
}
