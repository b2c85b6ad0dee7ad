import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { LEARN_MESSAGES, type LearnerComponent } from '@app/contract';
import { errorMessage } from '../../api/errors';
import { AiConversation } from '../../components/ai-conversation';
import {
  learnQueries,
  useAiSend,
  useAiStep,
  useCalendarEvent,
  useLearnMutations,
  useLesson,
  useRsvp,
  useSegment,
  type AiKind,
} from './api';
import { AssessmentView, QuizView, SurveyView } from './questions';
import { RichHtml } from './rich-html';

export const AI_NOT_READY =
  'This step needs the AI coach, which is not set up yet. You can finish the program without it.';

type Props = { programSlug: string; component: LearnerComponent };

function Done({ component }: { component: LearnerComponent }) {
  if (!component.completedAt) return null;
  return <Badge color="green">Done{component.xpAwarded ? ` · +${component.xpAwarded} XP` : ''}</Badge>;
}

function Segment({
  programSlug,
  lessonSlug,
  segmentSlug,
}: {
  programSlug: string;
  lessonSlug: string;
  segmentSlug: string;
}) {
  const segment = useSegment(programSlug, lessonSlug, segmentSlug).data?.body;
  const { completeSegment } = useLearnMutations();
  if (!segment) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>{segment.name}</Title>
      <RichHtml text={segment.curriculum} />
      <Button
        variant={segment.done ? 'default' : 'filled'}
        disabled={segment.done}
        loading={completeSegment.isPending}
        onClick={() => completeSegment.mutate({ params: { programSlug, lessonSlug, segmentSlug } })}
      >
        {segment.done ? 'Done' : 'Mark done'}
      </Button>
    </Stack>
  );
}

function LessonView({ programSlug, component }: Props) {
  const lesson = useLesson(programSlug, component.slug).data?.body;
  const { completeLesson } = useLearnMutations();
  if (!lesson) return null;
  const next = lesson.segments.find((s) => !s.done) ?? lesson.segments.at(-1);
  return (
    <Stack gap="md">
      <RichHtml text={lesson.curriculum} />
      {next && <Segment programSlug={programSlug} lessonSlug={component.slug} segmentSlug={next.slug} />}
      {lesson.segments.length > 0 && (
        <Text size="sm" c="dimmed">
          {lesson.segments.filter((s) => s.done).length} of {lesson.segments.length} segments done
        </Text>
      )}
      {component.componentType === 'lesson' && !component.completedAt && (
        <Button
          loading={completeLesson.isPending}
          onClick={() => completeLesson.mutate({ params: { programSlug, lessonSlug: component.slug } })}
        >
          Mark lesson done
        </Button>
      )}
    </Stack>
  );
}

function CalendarView({ programSlug, component }: Props) {
  const view = useCalendarEvent(programSlug, component.slug).data?.body;
  const rsvp = useRsvp();
  const { completeCalendarEvent } = useLearnMutations();
  if (!view) return null;
  const { event, fallback } = view;
  return (
    <Stack gap="sm">
      {event ? (
        <>
          <Text fw={600}>{event.name}</Text>
          <Text size="sm">
            {new Date(event.eventStart).toLocaleString()}
            {event.location ? ` · ${event.location}` : ''}
          </Text>
          {event.description && (
            <Text size="sm" c="dimmed">
              {event.description}
            </Text>
          )}
          <Group>
            {event.hasRsvp ? (
              <Badge color="teal">RSVPed</Badge>
            ) : (
              <Button loading={rsvp.isPending} onClick={() => rsvp.mutate({ params: { uuid: event.uuid } })}>
                RSVP
              </Button>
            )}
            {event.hasRsvp && !component.completedAt && (
              <Button
                variant="default"
                loading={completeCalendarEvent.isPending}
                onClick={() => completeCalendarEvent.mutate({ params: { programSlug, c: component.slug } })}
              >
                Mark attended
              </Button>
            )}
          </Group>
        </>
      ) : (
        <Text c="dimmed">No event is scheduled yet.</Text>
      )}
      {fallback && (
        <Text size="sm" c="dimmed">
          Cannot attend? Take “{fallback.name}” instead.
        </Text>
      )}
    </Stack>
  );
}

/** An AI step: the member's chat on it (started on the first read), typed out, with a box to write when it takes messages. */
function AiView({ programSlug, component }: Props) {
  const kind = component.componentType as AiKind;
  const step = useAiStep(programSlug, kind, component.slug);
  const send = useAiSend(kind);
  const [message, setMessage] = useState('');
  const view = step.data?.body;
  const queryClient = useQueryClient();
  // The first read of a one-answer step completes it: the syllabus (progress, XP, the step's mark) follows.
  const completedNow = !!view?.component.completedAt && !component.completedAt;
  useEffect(() => {
    if (completedNow) void queryClient.invalidateQueries({ queryKey: learnQueries.program(programSlug) });
  }, [completedNow, queryClient, programSlug]);
  if (step.error) {
    const notConfigured = errorMessage(step.error) === LEARN_MESSAGES.aiNotConfigured;
    return (
      <Alert color={notConfigured ? 'gray' : 'red'}>{notConfigured ? AI_NOT_READY : errorMessage(step.error)}</Alert>
    );
  }
  if (!view) return <Loader size="sm" aria-label="Asking the AI coach" />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!message.trim()) return;
    send.mutate({ params: { programSlug, c: component.slug }, body: { message } }, { onSuccess: () => setMessage('') });
  };
  return (
    <Stack gap="sm">
      <RichHtml text={view.curriculum} />
      {view.chat && (
        <AiConversation
          chat={view.chat}
          memberLabel="You"
          hideFirstPrompt
          typeLast={send.isSuccess}
          showLocked={false}
        />
      )}
      {view.canSend && (
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              label="Your message"
              rows={3}
              maxLength={10_000}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" loading={send.isPending} disabled={!message.trim()}>
                Send
              </Button>
              <Button
                variant="default"
                disabled={send.isPending}
                onClick={() => send.mutate({ params: { programSlug, c: component.slug }, body: { locked: true } })}
              >
                End chat
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** One step of the program, drawn by its type. */
export function ComponentView(props: Props) {
  const { component } = props;
  const body = (() => {
    switch (component.componentType) {
      case 'lesson':
      case 'segmented lesson':
        return <LessonView {...props} />;
      case 'quiz':
        return <QuizView {...props} />;
      case 'survey':
        return <SurveyView {...props} />;
      case 'assessment':
        return <AssessmentView {...props} />;
      case 'calendar event':
        return <CalendarView {...props} />;
      default:
        return <AiView {...props} />;
    }
  })();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{component.name}</Title>
        <Done component={component} />
      </Group>
      {body}
    </Stack>
  );
}
