import { z } from 'zod';
import { isSafeLink, isSafeMediaUrl, MAX_LINK_LENGTH, wistiaMediaId, youtubeVideoId } from './rich-text-links.js';

/**
 * Rich text (spec 03 §5): BlockNote's JSON document `{ type: 'doc', content: Block[] }`, stored in jsonb
 * columns (lesson curricula, assessment introductions, AI prompts). Every save is checked against one
 * allow-list, shared by the editor, the server's validation and its HTML renderer:
 * - blocks: paragraph, heading (levels 1-3), bulletListItem, numberedListItem, checkListItem, quote,
 *   image, and the custom youtube, wistia, pdf and aiVideo blocks; nothing else (no tables, code, HTML);
 * - inline content: `text` (styles bold, italic, underline, strike, code, textColor, backgroundColor)
 *   and `link` (href http, https or mailto; no `javascript:`, `data:` or other schemes);
 * - media URLs (image, pdf): http(s) or a path on this site (`/api/files/...`); YouTube and Wistia URLs
 *   in their allowed forms (see `youtubeVideoId`, `wistiaMediaId`); an empty URL is a block not filled yet;
 * - limits in `RICH_TEXT_LIMITS` (blocks, nesting, text, URL length).
 */

export const RICH_TEXT_MESSAGES = {
  youtube: 'Please enter a correct Youtube Video Link',
  wistia: 'Please enter a correct Wistia Video Link',
  unknownWistia: 'Unknown Wistia video',
  fileTooBig: 'File size too big (max 20MB).',
  uploadFailed: 'Error uploading. Please try again.',
  notADoc: "Rich text must be a document: { type: 'doc', content: [...] }",
  unsafeLink: 'Links must be http, https or mailto addresses',
  unsafeMedia: 'Images and files must use an http or https address',
  tooManyBlocks: 'The text is too long (max 2000 blocks)',
  tooDeep: 'The text is nested too deeply (max 6 levels)',
  tooMuchText: 'The text is too long (max 200000 characters)',
} as const;

export const RICH_TEXT_LIMITS = {
  maxBlocks: 2000,
  maxDepth: 6,
  maxTextLength: 200_000,
  maxUrlLength: MAX_LINK_LENGTH,
  maxIdLength: 64,
} as const;

export const RICH_TEXT_BLOCK_TYPES = [
  'paragraph',
  'heading',
  'bulletListItem',
  'numberedListItem',
  'checkListItem',
  'quote',
  'image',
  'youtube',
  'wistia',
  'pdf',
  'aiVideo',
] as const;
export type RichTextBlockType = (typeof RICH_TEXT_BLOCK_TYPES)[number];

export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/** A styled run of text. Colours are BlockNote's colour names ('red', 'blue', 'default', ...). */
export type RichTextStyles = Partial<Record<'bold' | 'italic' | 'underline' | 'strike' | 'code', boolean>> & {
  textColor?: string;
  backgroundColor?: string;
};
export type RichTextText = { type: 'text'; text: string; styles?: RichTextStyles };
export type RichTextLink = { type: 'link'; href: string; content: RichTextText[] };
export type RichTextInline = RichTextText | RichTextLink;
export type RichTextBlock = {
  id?: string;
  type: RichTextBlockType;
  props?: Record<string, string | number | boolean | undefined>;
  content?: RichTextInline[];
  children?: RichTextBlock[];
};

type PropCheck = (value: unknown) => string | null;
type Path = Array<string | number>;
export type RichTextProblem = { path: Path; message: string };

const COLOR = /^[a-z]{1,20}$/;
const color: PropCheck = (v) => (typeof v === 'string' && COLOR.test(v) ? null : 'Colour must be a colour name');
const alignment: PropCheck = (v) =>
  TEXT_ALIGNMENTS.includes(v as never) ? null : `Alignment must be one of ${TEXT_ALIGNMENTS.join(', ')}`;
const bool: PropCheck = (v) => (typeof v === 'boolean' ? null : 'Must be true or false');
const text =
  (max: number): PropCheck =>
  (v) =>
    typeof v === 'string' && v.length <= max ? null : `Must be text of at most ${max} characters`;
const media: PropCheck = (v) =>
  typeof v === 'string' && (v === '' || isSafeMediaUrl(v)) ? null : RICH_TEXT_MESSAGES.unsafeMedia;
const optionalInt =
  (min: number): PropCheck =>
  (v) =>
    v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= 2_147_483_647)
      ? null
      : `Must be a whole number of at least ${min}`;

const defaultProps = { textColor: color, backgroundColor: color, textAlignment: alignment };

/** Each allowed block: its props (every one optional; unknown ones refused) and whether it holds inline text. */
const BLOCKS: Record<RichTextBlockType, { props: Record<string, PropCheck>; inline: boolean }> = {
  paragraph: { props: defaultProps, inline: true },
  heading: {
    props: {
      ...defaultProps,
      level: (v) => ([1, 2, 3].includes(v as number) ? null : 'Heading level must be 1, 2 or 3'),
      isToggleable: bool,
    },
    inline: true,
  },
  bulletListItem: { props: defaultProps, inline: true },
  numberedListItem: { props: { ...defaultProps, start: optionalInt(0) }, inline: true },
  checkListItem: { props: { ...defaultProps, checked: bool }, inline: true },
  quote: { props: { textColor: color, backgroundColor: color }, inline: true },
  image: {
    props: {
      textAlignment: alignment,
      backgroundColor: color,
      name: text(255),
      url: media,
      caption: text(1000),
      showPreview: bool,
      previewWidth: optionalInt(1),
    },
    inline: false,
  },
  youtube: {
    props: {
      url: (v) => (typeof v === 'string' && (v === '' || youtubeVideoId(v)) ? null : RICH_TEXT_MESSAGES.youtube),
    },
    inline: false,
  },
  wistia: {
    props: { url: (v) => (typeof v === 'string' && (v === '' || wistiaMediaId(v)) ? null : RICH_TEXT_MESSAGES.wistia) },
    inline: false,
  },
  pdf: { props: { url: media, name: text(255) }, inline: false },
  aiVideo: { props: { templateId: optionalInt(0) }, inline: false },
};

const STYLES: Record<string, PropCheck> = {
  bold: bool,
  italic: bool,
  underline: bool,
  strike: bool,
  code: bool,
  textColor: color,
  backgroundColor: color,
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The first problem of a document against the allow-list (with its path from the document), or null.
 * @example richTextProblem({ type: 'doc', content: [{ type: 'table' }] }) // { path: ['content', 0, 'type'], message: 'Unknown block type "table"' }
 */
export function richTextProblem(doc: unknown): RichTextProblem | null {
  if (!isObject(doc) || doc.type !== 'doc' || !Array.isArray(doc.content))
    return { path: [], message: RICH_TEXT_MESSAGES.notADoc };
  const counts = { blocks: 0, text: 0 };

  function checkText(node: unknown, path: Path): RichTextProblem | null {
    if (!isObject(node) || node.type !== 'text') {
      return {
        path: [...path, 'type'],
        message: `Unknown inline content type "${String(isObject(node) ? node.type : node)}"`,
      };
    }
    if (typeof node.text !== 'string') return { path: [...path, 'text'], message: 'Text must be a string' };
    counts.text += node.text.length;
    if (counts.text > RICH_TEXT_LIMITS.maxTextLength) return { path, message: RICH_TEXT_MESSAGES.tooMuchText };
    if (node.styles !== undefined) {
      if (!isObject(node.styles)) return { path: [...path, 'styles'], message: 'Styles must be an object' };
      for (const [key, value] of Object.entries(node.styles)) {
        const check = STYLES[key];
        if (!check) return { path: [...path, 'styles', key], message: `Unknown text style "${key}"` };
        const problem = check(value);
        if (problem) return { path: [...path, 'styles', key], message: problem };
      }
    }
    return null;
  }

  function checkInline(node: unknown, path: Path): RichTextProblem | null {
    if (isObject(node) && node.type === 'link') {
      if (typeof node.href !== 'string' || !isSafeLink(node.href))
        return { path: [...path, 'href'], message: RICH_TEXT_MESSAGES.unsafeLink };
      if (!Array.isArray(node.content)) return { path: [...path, 'content'], message: 'Link content must be a list' };
      for (const [i, child] of node.content.entries()) {
        const problem = checkText(child, [...path, 'content', i]);
        if (problem) return problem;
      }
      return null;
    }
    return checkText(node, path);
  }

  function checkBlock(node: unknown, path: Path, depth: number): RichTextProblem | null {
    if (depth > RICH_TEXT_LIMITS.maxDepth) return { path, message: RICH_TEXT_MESSAGES.tooDeep };
    if (++counts.blocks > RICH_TEXT_LIMITS.maxBlocks) return { path, message: RICH_TEXT_MESSAGES.tooManyBlocks };
    if (!isObject(node)) return { path, message: 'A block must be an object' };
    const spec =
      typeof node.type === 'string' && Object.hasOwn(BLOCKS, node.type)
        ? BLOCKS[node.type as RichTextBlockType]
        : undefined;
    if (!spec) return { path: [...path, 'type'], message: `Unknown block type "${String(node.type)}"` };
    if (node.id !== undefined && (typeof node.id !== 'string' || node.id.length > RICH_TEXT_LIMITS.maxIdLength)) {
      return { path: [...path, 'id'], message: 'Block id must be a short text' };
    }
    if (node.props !== undefined) {
      if (!isObject(node.props)) return { path: [...path, 'props'], message: 'Block props must be an object' };
      for (const [key, value] of Object.entries(node.props)) {
        const check = Object.hasOwn(spec.props, key) ? spec.props[key] : undefined;
        if (!check)
          return {
            path: [...path, 'props', key],
            message: `Unknown property "${key}" of a ${String(node.type)} block`,
          };
        const problem = check(value);
        if (problem) return { path: [...path, 'props', key], message: problem };
      }
    }
    if (node.content !== undefined) {
      if (!spec.inline) {
        if (!(Array.isArray(node.content) && node.content.length === 0))
          return { path: [...path, 'content'], message: `A ${String(node.type)} block holds no text` };
      } else {
        if (!Array.isArray(node.content))
          return { path: [...path, 'content'], message: 'Block content must be a list' };
        for (const [i, child] of node.content.entries()) {
          const problem = checkInline(child, [...path, 'content', i]);
          if (problem) return problem;
        }
      }
    }
    if (node.children !== undefined) {
      if (!Array.isArray(node.children))
        return { path: [...path, 'children'], message: 'Block children must be a list' };
      for (const [i, child] of node.children.entries()) {
        const problem = checkBlock(child, [...path, 'children', i], depth + 1);
        if (problem) return problem;
      }
    }
    return null;
  }

  for (const [i, block] of doc.content.entries()) {
    const problem = checkBlock(block, ['content', i], 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * A rich-text document, checked against the allow-list above: an unknown block or inline type, an
 * unsafe URL or a limit passed is a 400 whose message says which (e.g. 'Unknown block type "table"').
 */
export const RichTextDoc = z
  .object(
    {
      type: z.literal('doc', { errorMap: () => ({ message: RICH_TEXT_MESSAGES.notADoc }) }),
      content: z.array(z.unknown(), { errorMap: () => ({ message: RICH_TEXT_MESSAGES.notADoc }) }),
    },
    { invalid_type_error: RICH_TEXT_MESSAGES.notADoc, required_error: RICH_TEXT_MESSAGES.notADoc },
  )
  .superRefine((doc, ctx) => {
    const problem = richTextProblem(doc);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: problem.path, message: problem.message });
  });
/** Blocks stay `unknown[]` in the type (the schema checks them); `RichTextBlock` describes what passed. */
export type RichTextDoc = z.infer<typeof RichTextDoc>;

/** An empty document (one empty paragraph is what the editor shows for it). */
export const EMPTY_RICH_TEXT: RichTextDoc = { type: 'doc', content: [] };
