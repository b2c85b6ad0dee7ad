import { Modal, MultiSelect, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { z } from 'zod';
import {
  AI_TYPES,
  COMPONENT_TYPE_DESCRIPTIONS,
  ProgramComponentInput,
  ProgramComponentPatch,
  XP_HIDDEN_TYPES,
  type ComponentType,
  type KeyValue,
  type ProgramComponent,
  type ProgramComponentForm,
  type ProgramDetail,
  type RichTextDoc,
} from '@app/contract';
import { EntityForm, LoadedEntity, useEntityForm } from '../../components/form-kit';
import { RichTextEditor } from '../../components/rich-text';
import { useComponent, useComponentForm, useSaveComponent } from './api';
import { typeLabel } from './component-types';

/** What the dialog adds or edits: a new component of `type` in a section, or an existing component. */
export type ComponentTarget = { sectionId: number; type: ComponentType; id?: number };

const AI_LISTS: Partial<Record<ComponentType, keyof ProgramComponentForm>> = {
  feedback: 'aiFeedbackList',
  chat: 'aiChatList',
  goal: 'aiGoalList',
  task: 'aiTaskList',
};

const toData = (list: KeyValue[]) => list.map((o) => ({ value: String(o.key), label: o.value }));
const idText = (id: number | null | undefined) => (id == null ? null : String(id));

/** An ISO instant as the `datetime-local` input's local 'YYYY-MM-DDTHH:mm'. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function initialValues(type: ComponentType, c?: ProgramComponent) {
  return {
    componentType: type,
    name: c?.name ?? '',
    curriculum: (c?.curriculum ?? null) as RichTextDoc | null,
    assessmentId: idText(c?.assessmentId),
    quizId: idText(c?.quizId),
    surveyId: idText(c?.surveyId),
    aiTemplateId: idText(c?.aiTemplateId),
    aiVideoTemplateId: idText(c?.aiVideoTemplateId),
    learningXpIds: c?.learningXpIds ?? [],
    xp: c?.xp ?? 0,
    calendarHasFallback: c?.calendarHasFallback ?? false,
    fallbackId: idText(c?.fallbackId),
    calendarEvent:
      type === 'calendar event'
        ? {
            eventStart: localInput(c?.calendarEvent?.eventStart),
            eventEnd: localInput(c?.calendarEvent?.eventEnd) || null,
            location: c?.calendarEvent?.location ?? '',
            description: c?.calendarEvent?.description ?? '',
          }
        : undefined,
  };
}

/**
 * The program component dialog (spec 03 §2): fields by type, with the type's description. Name 3 to 254
 * characters, locked for an assessment being edited; learning XP hidden for feedback, lesson, task and goal;
 * a calendar event's Learning event (start, end, location, description) and its optional async fallback.
 * Creating a segmented lesson opens its lesson page.
 */
export function ComponentDialog({
  program,
  target,
  onClose,
}: {
  program: ProgramDetail;
  target: ComponentTarget;
  onClose: () => void;
}) {
  const options = useComponentForm();
  const existing = useComponent(target.id);
  const title = `${target.id ? 'Edit' : 'Add'} ${typeLabel(target.type)}`;
  return (
    <Modal opened onClose={onClose} title={title} size={target.type === 'lesson' ? 'xl' : 'lg'}>
      <LoadedEntity result={options}>
        {(lists) =>
          target.id ? (
            <LoadedEntity result={existing}>
              {(c) => <ComponentForm program={program} target={target} lists={lists} component={c} onClose={onClose} />}
            </LoadedEntity>
          ) : (
            <ComponentForm program={program} target={target} lists={lists} onClose={onClose} />
          )
        }
      </LoadedEntity>
    </Modal>
  );
}

function ComponentForm(props: {
  program: ProgramDetail;
  target: ComponentTarget;
  lists: ProgramComponentForm;
  component?: ProgramComponent;
  onClose: () => void;
}) {
  const { program, target, lists, component, onClose } = props;
  const type = target.type;
  const navigate = useNavigate();
  const save = useSaveComponent(program.id, target.sectionId);
  const editing = Boolean(component);
  const form = useEntityForm({
    schema: (editing ? ProgramComponentPatch : ProgramComponentInput) as z.ZodType<any>,
    initialValues: initialValues(type, component),
    id: component?.id,
    create: save.create,
    update: save.update,
    onSaved: (result) => {
      onClose();
      const created = (result as { body?: ProgramComponent }).body;
      if (!editing && created?.componentType === 'segmented lesson') {
        void navigate({
          to: '/admin/learning/programs/$programSlug/lessons/$lessonSlug',
          params: { programSlug: program.slug, lessonSlug: created.slug },
        });
      }
    },
  });
  const v = form.values;
  const xpShown = !XP_HIDDEN_TYPES.includes(type);
  const aiList = AI_LISTS[type];
  const fallbackChoices = program.sections
    .flatMap((s) => s.components)
    .filter((c) => c.id !== component?.id && c.componentType !== 'calendar event')
    .map((c) => ({ value: String(c.id), label: `${c.name} (${typeLabel(c.componentType)})` }));

  return (
    <EntityForm form={form} onCancel={onClose} submitLabel={editing ? 'Save' : 'Create'}>
      <Text size="sm" c="dimmed">
        {typeLabel(type)}: {COMPONENT_TYPE_DESCRIPTIONS[type]}
      </Text>
      <TextInput
        label="Name"
        withAsterisk
        data-autofocus
        maxLength={254}
        disabled={editing && type === 'assessment'}
        description={
          editing && type === 'assessment' ? 'The name of an assessment component cannot be changed' : undefined
        }
        {...form.getInputProps('name')}
      />
      {type === 'assessment' && (
        <Select
          label="Assessment"
          placeholder="Choose an assessment"
          data={toData(lists.assessmentsList)}
          searchable
          clearable
          nothingFoundMessage="No assessments yet"
          {...form.getInputProps('assessmentId')}
        />
      )}
      {type === 'quiz' && (
        <Select
          label="Quiz"
          placeholder="Choose a quiz"
          data={toData(lists.quizList)}
          searchable
          clearable
          nothingFoundMessage="No quizzes yet"
          {...form.getInputProps('quizId')}
        />
      )}
      {type === 'survey' && (
        <Select
          label="Survey"
          placeholder="Choose a survey"
          data={toData(lists.surveyList)}
          searchable
          clearable
          nothingFoundMessage="No surveys yet"
          {...form.getInputProps('surveyId')}
        />
      )}
      {aiList && AI_TYPES.includes(type) && (
        <Select
          label="AI template"
          placeholder={lists[aiList].length ? 'Choose an AI template' : 'No AI templates yet'}
          data={toData(lists[aiList])}
          searchable
          clearable
          {...form.getInputProps('aiTemplateId')}
        />
      )}
      {(type === 'lesson' || type === 'segmented lesson') && (
        <Select
          label="AI video template"
          placeholder={lists.aiVideoTemplateList.length ? 'Optional' : 'No AI video templates yet'}
          data={toData(lists.aiVideoTemplateList)}
          searchable
          clearable
          {...form.getInputProps('aiVideoTemplateId')}
        />
      )}
      {type === 'lesson' && (
        <RichTextEditor
          label="Lesson content"
          value={v.curriculum}
          onChange={(doc) => form.setValue('curriculum', doc)}
        />
      )}
      {type === 'segmented lesson' && !editing && (
        <Text size="sm" c="dimmed">
          After it is created, its lesson page opens to add the lesson segments.
        </Text>
      )}
      {type === 'calendar event' && (
        <Stack gap="sm">
          <TextInput
            type="datetime-local"
            label="Event Start"
            withAsterisk
            {...form.getInputProps('calendarEvent.eventStart')}
          />
          <TextInput
            type="datetime-local"
            label="Event End"
            {...form.getInputProps('calendarEvent.eventEnd')}
            onChange={(e) => form.setValue('calendarEvent.eventEnd', e.currentTarget.value || null)}
          />
          <TextInput label="Location" maxLength={255} {...form.getInputProps('calendarEvent.location')} />
          <Textarea label="Event description" rows={2} {...form.getInputProps('calendarEvent.description')} />
          <Switch
            label="Async curriculum fallback"
            description="Learners who cannot join can complete another component instead"
            {...form.getInputProps('calendarHasFallback', { type: 'checkbox' })}
          />
          {v.calendarHasFallback && (
            <Select
              label="Fallback component"
              withAsterisk
              data={fallbackChoices}
              searchable
              {...form.getInputProps('fallbackId')}
            />
          )}
        </Stack>
      )}
      {xpShown && (
        <>
          <MultiSelect
            label="Learning XP"
            placeholder="Choose XP kinds"
            data={toData(lists.learningXps)}
            value={v.learningXpIds.map(String)}
            onChange={(ids) => form.setValue('learningXpIds', ids.map(Number))}
            error={form.errors.learningXpIds}
            clearable
          />
          <NumberInput label="XP" min={0} max={100000} allowDecimal={false} {...form.getInputProps('xp')} />
        </>
      )}
    </EntityForm>
  );
}
