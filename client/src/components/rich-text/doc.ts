import { normaliseLink, type RichTextDoc } from '@app/contract';

type Node = Record<string, unknown>;

/** Spec 03 §5 link rule on every link of the blocks: a scheme-less link with a dot and no spaces gets 'https://'. */
function withLinks(blocks: unknown[]): unknown[] {
  return blocks.map((block) => {
    const b = block as Node;
    const content = Array.isArray(b.content)
      ? b.content.map((node) => {
          const n = node as Node;
          return n.type === 'link' && typeof n.href === 'string' ? { ...n, href: normaliseLink(n.href) } : n;
        })
      : b.content;
    return { ...b, content, ...(Array.isArray(b.children) ? { children: withLinks(b.children) } : {}) };
  });
}

/** The document saved for the editor's blocks. */
export const toDoc = (blocks: unknown[]): RichTextDoc => ({ type: 'doc', content: withLinks(blocks) });

/** The editor's first content: BlockNote needs at least one block, so an empty document starts it empty. */
export const initialBlocks = (doc: RichTextDoc | null): unknown[] | undefined =>
  doc && doc.content.length ? doc.content : undefined;
