import { useMemo, type RefObject } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import type { DatesSetArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import type { CalendarEvent } from '@app/contract';
import { isFuture } from './api';
import classes from './month-grid.module.css';

type Props = {
  calendarRef: RefObject<FullCalendar | null>;
  events: CalendarEvent[];
  /** A day inside the month to show first. */
  initialDate?: string;
  onRangeChange: (range: { start: Date; end: Date; title: string }) => void;
  onEventClick: (event: CalendarEvent, anchor: HTMLElement) => void;
  /** A future event dropped on another day; call `revert` when the move is refused. */
  onEventMove: (event: CalendarEvent, start: Date, end: Date | null, revert: () => void) => void;
};

const eventOf = (extendedProps: Record<string, unknown>) => extendedProps.event as CalendarEvent;

function EventChip({ timeText, event }: EventContentArg) {
  return (
    <div className={classes.eventLine} title={event.title}>
      {timeText && <span className={classes.eventTime}>{timeText}</span>}
      <span className={classes.eventTitle}>{event.title}</span>
    </div>
  );
}

/** The month grid (FullCalendar dayGridMonth): our own toolbar drives it, so its header is off. */
export function MonthGrid({ calendarRef, events, initialDate, onRangeChange, onEventClick, onEventMove }: Props) {
  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((e) => {
        const future = isFuture(e.eventStart);
        return {
          id: e.uuid,
          title: e.name,
          start: e.eventStart,
          end: e.eventEnd ?? undefined,
          allDay: false,
          startEditable: future,
          durationEditable: false,
          classNames: [classes.event, classes[e.type], future ? classes.movable : classes.past].filter(
            Boolean,
          ) as string[],
          extendedProps: { event: e },
        };
      }),
    [events],
  );

  return (
    <FullCalendar
      ref={calendarRef}
      plugins={[dayGridPlugin, interactionPlugin]}
      initialView="dayGridMonth"
      initialDate={initialDate}
      headerToolbar={false}
      height="auto"
      fixedWeekCount={false}
      dayMaxEvents={3}
      eventDisplay="block"
      eventTimeFormat={{ hour: 'numeric', minute: '2-digit', omitZeroMinute: true, meridiem: 'short' }}
      events={inputs}
      eventContent={EventChip}
      // FullCalendar names a day cell by its date link alone, so a day with events reads a name that leaves out
      // what it shows (WCAG 2.5.3); named by its content instead, the cell reads the day and its events.
      dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
      editable
      // Nothing can be moved onto a day that is already over.
      eventAllow={(span) => span.start.getTime() >= new Date().setHours(0, 0, 0, 0)}
      datesSet={(arg: DatesSetArg) => onRangeChange({ start: arg.start, end: arg.end, title: arg.view.title })}
      eventClick={(arg) => {
        arg.jsEvent.preventDefault();
        onEventClick(eventOf(arg.event.extendedProps), arg.el);
      }}
      eventDrop={(arg: EventDropArg) =>
        onEventMove(eventOf(arg.event.extendedProps), arg.event.start!, arg.event.end, arg.revert)
      }
    />
  );
}
