import dayjs from 'dayjs';
import { z } from 'zod';
import {
  CalendarEventInput,
  EVENT_MINUTE_STEP,
  type CalendarEvent,
  type CalendarEventFields,
  type CalendarEventType,
} from '@app/contract';
import type { FormValuesOf } from '../../components/form-kit';

/** Mantine's DateTimePicker value: local 'YYYY-MM-DD HH:mm:ss'. */
export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** What the event form edits: the contract's event fields, times in the picker's format; calendar and zoom always set. */
export type EventFormValues = Omit<FormValuesOf<typeof CalendarEventFields>, 'type' | 'zoom'> & {
  type: CalendarEventType;
  zoom: boolean;
};

/** Rounds up to the next whole minute step (spec 01 §5: minutes in steps of 5). */
export function roundToStep(date: dayjs.Dayjs): dayjs.Dayjs {
  const d = date.second(0).millisecond(0);
  const extra = d.minute() % EVENT_MINUTE_STEP;
  return extra || date.second() || date.millisecond() ? d.add(EVENT_MINUTE_STEP - extra, 'minute') : d;
}

const oneHourAfter = (start: string) => dayjs(start).add(1, 'hour').format(PICKER_FORMAT);

/** A new event starts 7 days from now and lasts one hour (spec 01 §4). */
export function newEventValues(now: Date = new Date()): EventFormValues {
  const start = roundToStep(dayjs(now).add(7, 'day')).format(PICKER_FORMAT);
  return {
    type: 'General',
    name: '',
    chapterId: null,
    eventStart: start,
    eventEnd: oneHourAfter(start),
    location: '',
    description: '',
    zoom: false,
    programComponentId: null,
  };
}

export function eventValues(event: CalendarEvent): EventFormValues {
  return {
    type: event.type,
    name: event.name,
    chapterId: event.chapter?.id ?? null,
    eventStart: dayjs(event.eventStart).format(PICKER_FORMAT),
    eventEnd: event.eventEnd ? dayjs(event.eventEnd).format(PICKER_FORMAT) : null,
    location: event.location ?? '',
    description: event.description ?? '',
    zoom: event.zoom !== null,
    programComponentId: event.programComponent?.id ?? null,
  };
}

/** Setting the start while the end is empty sets the end one hour later (spec 01 §4). */
export function withStart(values: EventFormValues, start: string | null): EventFormValues {
  return { ...values, eventStart: start, eventEnd: !values.eventEnd && start ? oneHourAfter(start) : values.eventEnd };
}

export function toBody(values: EventFormValues): z.input<typeof CalendarEventInput> {
  const iso = (v: string | null) => (v ? dayjs(v).toISOString() : undefined);
  return {
    type: values.type,
    name: values.name ?? '',
    chapterId: values.type === 'Chapter' ? values.chapterId : null,
    eventStart: iso(values.eventStart) as string,
    eventEnd: iso(values.eventEnd) ?? null,
    location: values.location,
    description: values.description,
    zoom: values.zoom,
    programComponentId: values.type === 'Learning' ? values.programComponentId : null,
  };
}

/** The form's check: its values turned into the create body, then the contract's own rules and messages. */
export const EventFormSchema = z.custom<EventFormValues>().transform(toBody).pipe(CalendarEventInput);
