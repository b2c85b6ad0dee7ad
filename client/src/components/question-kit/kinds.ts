import type { z } from 'zod';
import { INITIAL_BLANK_ANSWERS, QUESTION_TYPE_LABELS, type QuestionType } from '@app/contract';

/**
 * What makes a quiz question editor differ from a survey one; everything else (the numbered list, the
 * 'Add Question' menu, the editor's rules) is shared.
 */
export type QuestionKind = {
  /** 'Quiz' | 'Survey': headings and texts. */
  noun: string;
  /** The kinds the 'Add Question' menu offers. */
  offeredTypes: readonly QuestionType[];
  /** The contract's question input: the editor checks with the server's rules and texts. */
  schema: z.ZodTypeAny;
  /** The answers (quiz) or options (survey): their list key, text field and label. */
  choices: { key: string; field: string; label: string; plural: string; correct: boolean; feedback: boolean };
  /** 'maxChosenAnswers' with 'Maximum answers to choose', or the survey's options pair. */
  max: { key: string; label: string };
  category: boolean;
  statements: boolean;
};

/** One question as the shared list shows it (each area maps its own shape to this). */
export type KitQuestion = {
  id: number;
  index: number;
  question: string;
  type: QuestionType;
  category?: string | null;
  maxChosen: number | null;
  choices: Array<{ id: number; text: string; correct?: boolean; feedback?: string | null }>;
  statements: Array<{ id: number; statement: string; answerText: string; feedback: string | null }>;
  /** The editor's starting values: the contract input shape of this question. */
  values: Record<string, unknown>;
};

export const typeLabel = (type: QuestionType) => QUESTION_TYPE_LABELS[type];

export type ChoiceRow = Record<string, unknown> & { id?: number };

/** A blank answer or option row. */
export function blankChoice(kind: QuestionKind): ChoiceRow {
  return {
    [kind.choices.field]: '',
    ...(kind.choices.correct && { correct: false }),
    ...(kind.choices.feedback && { feedback: '' }),
  };
}

export const blankStatement = () => ({ statement: '', feedback: '', answerText: '' });

/**
 * A new question of `type` (spec 03 §5): 3 blank answers or options, none for open ended; a matcher
 * also starts with one blank statement.
 */
export function blankQuestion(kind: QuestionKind, type: QuestionType): Record<string, unknown> {
  return {
    question: '',
    type,
    ...(kind.category && { category: '' }),
    [kind.max.key]: null,
    [kind.choices.key]:
      type === 'open ended' ? [] : Array.from({ length: INITIAL_BLANK_ANSWERS }, () => blankChoice(kind)),
    ...(kind.statements && { statements: type === 'matcher' ? [blankStatement()] : [] }),
  };
}

/** 'select N' of a multi-select question: its limit, else every choice. */
export const selectCount = (q: Pick<KitQuestion, 'maxChosen' | 'choices'>) =>
  `select ${q.maxChosen ?? q.choices.length}`;
