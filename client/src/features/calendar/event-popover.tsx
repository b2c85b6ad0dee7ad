import { Popover } from '@mantine/core';
import type { CalendarEvent } from '@app/contract';
import { EventDetails } from './event-details';

export type Anchor = { top: number; left: number; width: number; height: number };

/** Where an element sits inside a positioned container: the popover's target is placed there. */
export function anchorIn(container: HTMLElement, el: HTMLElement): Anchor {
  const c = container.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return { top: r.top - c.top, left: r.left - c.left, width: r.width, height: r.height };
}

type Props = { event: CalendarEvent; anchor: Anchor; onClose: () => void; onEdit: () => void; onDelete: () => void };

/** The popover of a clicked event, pinned over the event's block in the grid. */
export function EventPopover({ event, anchor, onClose, onEdit, onDelete }: Props) {
  return (
    <Popover
      opened
      onChange={(opened) => !opened && onClose()}
      position="bottom-start"
      width={320}
      shadow="md"
      withArrow
      arrowPosition="side"
      returnFocus={false}
      withRoles={false}
    >
      <Popover.Target>
        <div aria-hidden style={{ position: 'absolute', pointerEvents: 'none', ...anchor }} />
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={event.name}>
        <EventDetails event={event} onEdit={onEdit} onDelete={onDelete} />
      </Popover.Dropdown>
    </Popover>
  );
}
