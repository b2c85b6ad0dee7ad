import { insertOrUpdateBlockForSlashMenu } from '@blocknote/core';
import { getDefaultReactSlashMenuItems, type DefaultReactSuggestionItem } from '@blocknote/react';
import { IconBrandYoutube, IconFileTypePdf, IconRobot, IconVideo } from '@tabler/icons-react';
import type { RichTextEditorInstance } from './schema';

/** The default items kept, by BlockNote key, with the spec's titles (spec 03 §5 slash commands). */
const DEFAULT_TITLES: Record<string, string> = {
  heading: 'Heading 1',
  heading_2: 'Heading 2',
  heading_3: 'Heading 3',
  paragraph: 'Text',
  bullet_list: 'Bullet List',
  numbered_list: 'Numbered List',
  quote: 'Quote',
  image: 'Image',
  check_list: 'To-do List',
};

/**
 * The slash menu in the spec's order: Heading 1-3, Text, Bullet List, Numbered List, Quote, Image,
 * Youtube, Wistia, PDF, To-do List, AI Video.
 */
export function slashMenuItems(editor: RichTextEditorInstance): DefaultReactSuggestionItem[] {
  const defaults = new Map<string, DefaultReactSuggestionItem>();
  for (const item of getDefaultReactSlashMenuItems(editor) as Array<DefaultReactSuggestionItem & { key?: string }>) {
    const title = item.key ? DEFAULT_TITLES[item.key] : undefined;
    if (title) defaults.set(item.key!, { ...item, title, group: 'Blocks' });
  }
  const custom = (
    title: string,
    type: 'youtube' | 'wistia' | 'pdf' | 'aiVideo',
    icon: DefaultReactSuggestionItem['icon'],
    aliases: string[],
  ) =>
    ({
      title,
      group: 'Blocks',
      icon,
      aliases,
      onItemClick: () => insertOrUpdateBlockForSlashMenu(editor, { type }),
    }) satisfies DefaultReactSuggestionItem;
  const pick = (key: string) => defaults.get(key);
  return [
    pick('heading'),
    pick('heading_2'),
    pick('heading_3'),
    pick('paragraph'),
    pick('bullet_list'),
    pick('numbered_list'),
    pick('quote'),
    pick('image'),
    custom('Youtube', 'youtube', <IconBrandYoutube size={18} />, ['video', 'youtube']),
    custom('Wistia', 'wistia', <IconVideo size={18} />, ['video', 'wistia']),
    custom('PDF', 'pdf', <IconFileTypePdf size={18} />, ['pdf', 'file', 'document']),
    pick('check_list'),
    custom('AI Video', 'aiVideo', <IconRobot size={18} />, ['ai', 'video', 'personalised']),
  ].filter((item): item is DefaultReactSuggestionItem => !!item);
}
