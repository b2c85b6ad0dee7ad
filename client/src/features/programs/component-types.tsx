import type { ComponentType } from '@app/contract';
import {
  IconBook,
  IconBooks,
  IconCalendarEvent,
  IconChecklist,
  IconClipboardList,
  IconListCheck,
  IconMessageChatbot,
  IconMessageReport,
  IconQuestionMark,
  IconTarget,
  type Icon,
} from '@tabler/icons-react';

/** 'segmented lesson' -> 'Segmented Lesson'. */
export const typeLabel = (type: ComponentType) => type.replace(/\b\w/g, (ch) => ch.toUpperCase());

export const TYPE_ICONS: Record<ComponentType, Icon> = {
  lesson: IconBook,
  'segmented lesson': IconBooks,
  assessment: IconClipboardList,
  feedback: IconMessageReport,
  quiz: IconQuestionMark,
  chat: IconMessageChatbot,
  goal: IconTarget,
  task: IconChecklist,
  survey: IconListCheck,
  'calendar event': IconCalendarEvent,
};

export const TYPE_COLORS: Record<ComponentType, string> = {
  lesson: 'blue',
  'segmented lesson': 'indigo',
  assessment: 'grape',
  feedback: 'teal',
  quiz: 'orange',
  chat: 'teal',
  goal: 'teal',
  task: 'teal',
  survey: 'cyan',
  'calendar event': 'pink',
};
