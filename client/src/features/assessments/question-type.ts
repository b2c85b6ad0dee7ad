import type { AssessmentQuestionType } from '@app/contract';

/** How a question's type is named on the screens (its badge, the form's select). */
export const TYPE_LABELS: Record<AssessmentQuestionType, string> = {
  'single select': 'Single Select',
  'multi select': 'Multi Select',
};
