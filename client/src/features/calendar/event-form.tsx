import { useState } from 'react';
import { Alert, SegmentedControl, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';
import {
  EVENT_MINUTE_STEP,
  EVENT_NAME_MAX,
  PAST_EVENT_MESSAGE,
  type CalendarEvent,
  type CalendarEventType,
} from '@app/contract';
import {
  EntityForm,
  FormDrawer,
  LoadedEntity,
  SearchableSelect,
  useEditPanel,
  useEntityForm,
} from '../../components/form-kit';
import { calendarArea, chapterOptions, isFuture } from './api';
import { EventFormSchema, eventValues, newEventValues, withStart } from './form-values';

const PICKER_PROPS = {
  valueFormat: 'ddd, MMM D, YYYY h:mm A',
  firstDayOfWeek: 0 as const,
  leftSection: <IconCalendarEvent size={16} stroke={1.6} />,
  leftSectionPointerEvents: 'none' as const,
  timePickerProps: { minutesStep: EVENT_MINUTE_STEP, format: '12h' as const, withDropdown: true },
  popoverProps: { withinPortal: true },
};

type FormProps = { event: CalendarEvent | null; onClose: () => void; onTypeChange: (type: CalendarEventType) => void };

/** The event's fields: its calendar (type), name, chapter for Chapter events, start and end, place, zoom. */
function EventForm({ event, onClose, onTypeChange }: FormProps) {
  const form = useEntityForm({
    schema: EventFormSchema,
    initialValues: event ? eventValues(event) : newEventValues(),
    id: event?.uuid,
    ...calendarArea.useSave(),
    onSaved: onClose,
  });
  const v = form.values;
  const setStart = (start: string | null) => {
    const next = withStart(v, start);
    form.setValue('eventStart', next.eventStart);
    if (next.eventEnd !== v.eventEnd) form.setValue('eventEnd', next.eventEnd);
  };
  const setType = (type: CalendarEventType) => {
    form.setValue('type', type);
    onTypeChange(type);
  };
  const types: CalendarEventType[] = v.type === 'Learning' ? ['Learning'] : ['General', 'Chapter'];
  const today = dayjs().startOf('day').toDate();

  return (
    <EntityForm form={form} onCancel={onClose}>
      <div>
        <Text size="sm" fw={500} mb={4}>
          Calendar
        </Text>
        <SegmentedControl
          fullWidth
          data={types}
          value={v.type}
          disabled={v.type === 'Learning'}
          onChange={(t) => setType(t as CalendarEventType)}
          aria-label="Calendar"
        />
        {v.type === 'Learning' && v.programComponentId && (
          <Text size="xs" c="dimmed" mt={4}>
            Tied to program component #{v.programComponentId}
          </Text>
        )}
      </div>
      <TextInput label="Name" withAsterisk maxLength={EVENT_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
      {v.type === 'Chapter' && (
        <SearchableSelect
          {...chapterOptions}
          label="Chapter"
          withAsterisk
          selectedLabel={event?.chapter?.name}
          {...form.getInputProps('chapterId')}
          value={v.chapterId}
        />
      )}
      <DateTimePicker
        {...PICKER_PROPS}
        label="Start"
        withAsterisk
        minDate={today}
        {...form.getInputProps('eventStart')}
        value={v.eventStart}
        onChange={setStart}
      />
      <DateTimePicker
        {...PICKER_PROPS}
        label="End"
        clearable
        minDate={v.eventStart ? dayjs(v.eventStart).startOf('day').toDate() : today}
        {...form.getInputProps('eventEnd')}
        value={v.eventEnd}
      />
      <TextInput label="Location" maxLength={255} {...form.getInputProps('location')} />
      <Textarea label="Description" rows={4} resize="vertical" {...form.getInputProps('description')} />
      <Switch
        label="Zoom meeting"
        description="Request a Zoom meeting for this event"
        {...form.getInputProps('zoom', { type: 'checkbox' })}
      />
    </EntityForm>
  );
}

/**
 * The side panel, opened through the URL's `edit` key ('new' or the event's uuid). Its title follows
 * the chosen calendar: 'General Calendar Event', 'Chapter Calendar Event' or 'Learning Calendar Event'.
 */
export function EventFormPanel() {
  const panel = useEditPanel();
  const editing = panel.id !== undefined ? String(panel.id) : '';
  const one = calendarArea.useDetail(editing, { enabled: Boolean(editing) });
  const [chosen, setChosen] = useState<{ target: unknown; type: CalendarEventType } | null>(null);
  const type = chosen && chosen.target === panel.target ? chosen.type : (editing && one.data?.body.type) || 'General';
  const formProps = {
    onClose: panel.close,
    onTypeChange: (next: CalendarEventType) => setChosen({ target: panel.target, type: next }),
  };

  return (
    <FormDrawer opened={panel.opened} onClose={panel.close} title={`${type} Calendar Event`}>
      {panel.isNew && <EventForm key="new" event={null} {...formProps} />}
      {editing && (
        <LoadedEntity key={editing} result={one}>
          {(event) =>
            isFuture(event.eventStart) ? (
              <EventForm event={event} {...formProps} />
            ) : (
              <Alert color="gray">{PAST_EVENT_MESSAGE}</Alert>
            )
          }
        </LoadedEntity>
      )}
    </FormDrawer>
  );
}
