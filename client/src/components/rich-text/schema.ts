import {
  BlockNoteSchema,
  createBulletListItemBlockSpec,
  createCheckListItemBlockSpec,
  createHeadingBlockSpec,
  createImageBlockSpec,
  createNumberedListItemBlockSpec,
  createParagraphBlockSpec,
  createQuoteBlockSpec,
} from '@blocknote/core';
import { createAiVideoBlock, createPdfBlock, createWistiaBlock, createYoutubeBlock } from './custom-blocks';

/**
 * The editor's blocks: exactly the allow-list of the contract's RichTextDoc (common/rich-text.ts), so
 * whatever the editor saves the server accepts. Headings stop at level 3 and do not fold.
 */
export const richTextSchema = BlockNoteSchema.create({
  blockSpecs: {
    paragraph: createParagraphBlockSpec(),
    heading: createHeadingBlockSpec({ levels: [1, 2, 3], allowToggleHeadings: false }),
    bulletListItem: createBulletListItemBlockSpec(),
    numberedListItem: createNumberedListItemBlockSpec(),
    checkListItem: createCheckListItemBlockSpec(),
    quote: createQuoteBlockSpec(),
    image: createImageBlockSpec(),
    youtube: createYoutubeBlock(),
    wistia: createWistiaBlock(),
    pdf: createPdfBlock(),
    aiVideo: createAiVideoBlock(),
  },
});

export type RichTextEditorInstance = typeof richTextSchema.BlockNoteEditor;
