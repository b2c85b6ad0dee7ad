import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { LearnerComponent } from '@app/contract';
import {
  useAssessmentIntroduction,
  useAssessmentOutcome,
  useAssessmentQuestion,
  useLearnMutations,
  useQuizQuestion,
  useSurveyQuestion,
} from './api';
import { ChoiceInput, MatcherInput, OpenText } from './choice-input';
import { RichHtml } from './rich-html';

type Props = { programSlug: string; component: LearnerComponent };
type Step = Props & { index: number; onNext: (() => void) | null };

/** One question at a time ('Question i of n'), `Step` showing question `index` with Next while there is one. */
function Walker({ count, Step, ...props }: Props & { count: number | undefined; Step: (step: Step) => ReactNode }) {
  const [index, setIndex] = useState(1);
  return (
    <Stack gap="sm">
      {count !== undefined && (
        <Text size="sm" c="dimmed">
          Question {index} of {count}
        </Text>
      )}
      <Step
        key={index}
        {...props}
        index={index}
        onNext={count !== undefined && index < count ? () => setIndex(index + 1) : null}
      />
    </Stack>
  );
}

/** A question's buttons: check or save the answer (`label`), Saved once it is, and Next question when there is one. */
function StepActions(props: {
  label: string;
  pending: boolean;
  onSave: () => void;
  saved?: boolean;
  onNext: (() => void) | null;
}) {
  return (
    <Group>
      <Button loading={props.pending} onClick={props.onSave}>
        {props.label}
      </Button>
      {props.saved && <Badge color="teal">Saved</Badge>}
      {props.onNext && (
        <Button variant="default" onClick={props.onNext}>
          Next question
        </Button>
      )}
    </Group>
  );
}

function QuizStep({ programSlug, component, index, onNext }: Step) {
  const q = useQuizQuestion(programSlug, component.slug, index).data?.body;
  const { answerQuiz } = useLearnMutations();
  const [answerIds, setAnswerIds] = useState<number[]>([]);
  const [matches, setMatches] = useState<Record<number, number>>({});
  const [text, setText] = useState('');
  if (!q) return null;
  const feedback = answerQuiz.data?.body;
  const answerLabel = new Map(q.answers.map((a) => [a.id, a.answer]));
  const send = () =>
    answerQuiz.mutate({
      params: { programSlug, c: component.slug, index },
      body: {
        answerIds: q.type === 'sort' && !answerIds.length ? q.answers.map((a) => a.id) : answerIds,
        text,
        matches: Object.entries(matches).map(([s, a]) => ({ statementId: Number(s), answerId: a })),
      },
    });
  return (
    <Stack gap="sm">
      <Text fw={600}>{q.question}</Text>
      {q.type === 'matcher' && (
        <MatcherInput
          statements={q.statements.map((s) => ({ id: s.id, label: s.statement }))}
          answers={q.answers.map((a) => ({ id: a.id, label: a.answer }))}
          value={matches}
          onChange={setMatches}
        />
      )}
      {q.type === 'open ended' && <OpenText value={text} onChange={setText} />}
      <ChoiceInput
        type={q.type}
        choices={q.answers.map((a) => ({ id: a.id, label: a.answer }))}
        max={q.maxChosenAnswers}
        value={answerIds}
        onChange={setAnswerIds}
      />
      <StepActions label="Check answer" pending={answerQuiz.isPending} onSave={send} onNext={onNext} />
      {feedback && (
        <Alert color={feedback.correct ? 'green' : 'red'} title={feedback.correct ? 'Correct' : 'Not quite'}>
          <List size="sm">
            {feedback.answers
              .filter((a) => a.chosen && a.feedback)
              .map((a) => (
                <List.Item key={a.answerId}>{a.feedback}</List.Item>
              ))}
            {feedback.statements.map((s) => (
              <List.Item key={s.statementId}>
                {s.correct ? '✓' : `✗ ${s.correctAnswerText}`}
                {s.feedback ? ` — ${s.feedback}` : ''}
              </List.Item>
            ))}
            {feedback.correctOrder.length > 0 && (
              <List.Item>Correct order: {feedback.correctOrder.map((id) => answerLabel.get(id)).join(', ')}</List.Item>
            )}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

export function QuizView(props: Props) {
  const count = useQuizQuestion(props.programSlug, props.component.slug, 1).data?.body.questionCount;
  return <Walker count={count} Step={QuizStep} {...props} />;
}

function SurveyStep({ programSlug, component, index, onNext }: Step) {
  const q = useSurveyQuestion(programSlug, component.slug, index).data?.body;
  const { answerSurvey } = useLearnMutations();
  const [optionIds, setOptionIds] = useState<number[] | null>(null);
  const [text, setText] = useState<string | null>(null);
  if (!q) return null;
  const ids = optionIds ?? q.answer?.optionIds ?? [];
  const words = text ?? q.answer?.text ?? '';
  const send = () =>
    answerSurvey.mutate({
      params: { programSlug, c: component.slug, index },
      body: { optionIds: q.type === 'sort' && !ids.length ? q.options.map((o) => o.id) : ids, text: words },
    });
  return (
    <Stack gap="sm">
      <Text fw={600}>{q.question}</Text>
      {q.type === 'open ended' ? (
        <OpenText value={words} onChange={setText} />
      ) : (
        <ChoiceInput
          type={q.type}
          choices={q.options.map((o) => ({ id: o.id, label: o.option }))}
          max={q.maxChosenOptions}
          value={ids}
          onChange={setOptionIds}
        />
      )}
      <StepActions
        label="Save answer"
        pending={answerSurvey.isPending}
        onSave={send}
        saved={!!q.answer}
        onNext={onNext}
      />
    </Stack>
  );
}

export function SurveyView(props: Props) {
  const count = useSurveyQuestion(props.programSlug, props.component.slug, 1).data?.body.questionCount;
  return <Walker count={count} Step={SurveyStep} {...props} />;
}

function AssessmentStep({ programSlug, component, index, onNext }: Step) {
  const q = useAssessmentQuestion(programSlug, component.slug, index).data?.body;
  const { answerAssessment } = useLearnMutations();
  const [chosen, setChosen] = useState<number[] | null>(null);
  if (!q) return null;
  const ids = chosen ?? q.chosenAnswerIds;
  return (
    <Stack gap="sm">
      <Text fw={600}>{q.question}</Text>
      <ChoiceInput
        type={q.type}
        choices={q.answers.map((a) => ({ id: a.id, label: a.answer }))}
        max={null}
        value={ids}
        onChange={setChosen}
      />
      <StepActions
        label="Save answer"
        pending={answerAssessment.isPending}
        onSave={() =>
          answerAssessment.mutate({ params: { programSlug, a: component.slug, index }, body: { answerIds: ids } })
        }
        saved={q.chosenAnswerIds.length > 0}
        onNext={onNext}
      />
    </Stack>
  );
}

export function AssessmentView(props: Props) {
  const intro = useAssessmentIntroduction(props.programSlug, props.component.slug).data?.body;
  const outcome = useAssessmentOutcome(props.programSlug, props.component.slug, props.component.completedAt !== null)
    .data?.body;
  if (!intro) return null;
  return (
    <Stack gap="md">
      <RichHtml text={intro.introduction} />
      <Walker count={intro.questionCount} Step={AssessmentStep} {...props} />
      {outcome?.outcome && (
        <Alert color="indigo" title={`Your outcome: ${outcome.outcome.title}`} data-testid="assessment-outcome">
          {outcome.outcome.description}
        </Alert>
      )}
    </Stack>
  );
}
