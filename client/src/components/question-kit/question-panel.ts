import { z } from 'zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { QUESTION_TYPES, type QuestionType } from '@app/contract';
import { toUrlSearch } from '../list-kit/list-search';

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
  const navigate = useNavigate();
  const go = (question: 'new' | number | undefined, type?: QuestionType) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => toUrlSearch({ ...prev, question, type }),
    });
  return {
    question: search.question,
    type: search.type,
    openNew: (type: QuestionType) => go('new', type),
    openEdit: (id: number) => go(id),
    close: () => go(undefined),
  };
}
