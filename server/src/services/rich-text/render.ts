import {
  isSafeLink,
  isSafeMediaUrl,
  normaliseLink,
  richTextProblem,
  wistiaEmbedUrl,
  wistiaMediaId,
  youtubeEmbedUrl,
  youtubeVideoId,
  type RichTextBlock,
  type RichTextInline,
  type RichTextText,
} from '@app/contract';

/**
 * Learner HTML of a rich-text document. Only these tags come out: p, h1-h3, ul, ol, li, input
 * (disabled checkbox), blockquote, figure, img, figcaption, a, iframe (YouTube and Wistia embed
 * addresses only), div, span, strong, em, u, s, code, br; attributes are fixed per tag, colours and
 * alignment become `rt-*` class names. Every text and attribute value is escaped. A document that fails
 * the allow-list renders as '' (callers validate on save; this is the second line).
 * @example renderRichText({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '<b>' }] }] }) // '<p>&lt;b&gt;</p>'
 */
export function renderRichText(doc: unknown): string {
  if (richTextProblem(doc)) return '';
  return renderBlocks((doc as { content: RichTextBlock[] }).content);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

const LIST_TAGS: Partial<Record<RichTextBlock['type'], string>> = {
  bulletListItem: 'ul',
  numberedListItem: 'ol',
  checkListItem: 'ul',
};

/** Consecutive list items of one kind share one list element. */
function renderBlocks(blocks: RichTextBlock[]): string {
  let html = '';
  for (let i = 0; i < blocks.length;) {
    const block = blocks[i]!;
    const listTag = LIST_TAGS[block.type];
    if (!listTag) {
      html += renderBlock(block);
      i++;
      continue;
    }
    let items = '';
    const start =
      block.type === 'numberedListItem' && typeof block.props?.start === 'number' && block.props.start !== 1
        ? ` start="${block.props.start}"`
        : '';
    for (; i < blocks.length && blocks[i]!.type === block.type; i++) items += renderListItem(blocks[i]!);
    const cls = block.type === 'checkListItem' ? ' class="rt-checklist"' : '';
    html += `<${listTag}${cls}${start}>${items}</${listTag}>`;
  }
  return html;
}

function classes(block: RichTextBlock, extra: string[] = []): string {
  const p = block.props ?? {};
  const list = [...extra];
  if (typeof p.textAlignment === 'string' && p.textAlignment !== 'left') list.push(`rt-align-${p.textAlignment}`);
  if (typeof p.textColor === 'string' && p.textColor !== 'default') list.push(`rt-color-${p.textColor}`);
  if (typeof p.backgroundColor === 'string' && p.backgroundColor !== 'default') list.push(`rt-bg-${p.backgroundColor}`);
  return list.length ? ` class="${escapeHtml(list.join(' '))}"` : '';
}

const children = (block: RichTextBlock) =>
  block.children?.length ? `<div class="rt-children">${renderBlocks(block.children)}</div>` : '';

function renderListItem(block: RichTextBlock): string {
  const nested = block.children?.length ? renderBlocks(block.children) : '';
  const box =
    block.type === 'checkListItem'
      ? `<input type="checkbox" disabled${block.props?.checked === true ? ' checked' : ''}> `
      : '';
  return `<li${classes(block)}>${box}${renderInline(block.content)}${nested}</li>`;
}

function iframe(src: string, title: string): string {
  return `<div class="rt-video"><iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" loading="lazy" allow="fullscreen; picture-in-picture; encrypted-media" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe></div>`;
}

function renderBlock(block: RichTextBlock): string {
  const p = block.props ?? {};
  const url = typeof p.url === 'string' ? p.url : '';
  switch (block.type) {
    case 'paragraph':
      return `<p${classes(block)}>${renderInline(block.content)}</p>${children(block)}`;
    case 'heading': {
      const level = [1, 2, 3].includes(p.level as number) ? (p.level as number) : 1;
      return `<h${level}${classes(block)}>${renderInline(block.content)}</h${level}>${children(block)}`;
    }
    case 'quote':
      return `<blockquote${classes(block)}>${renderInline(block.content)}</blockquote>${children(block)}`;
    case 'image': {
      if (!url || !isSafeMediaUrl(url)) return children(block);
      const caption = typeof p.caption === 'string' ? p.caption : '';
      const alt = caption || (typeof p.name === 'string' ? p.name : '');
      const width = typeof p.previewWidth === 'number' ? ` width="${p.previewWidth}"` : '';
      const figcaption = caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '';
      return `<figure${classes(block)}><img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}"${width} loading="lazy">${figcaption}</figure>${children(block)}`;
    }
    case 'youtube': {
      const id = youtubeVideoId(url);
      return (id ? iframe(youtubeEmbedUrl(id), 'YouTube video') : '') + children(block);
    }
    case 'wistia': {
      const id = wistiaMediaId(url);
      return (id ? iframe(wistiaEmbedUrl(id), 'Wistia video') : '') + children(block);
    }
    case 'pdf': {
      if (!url || !isSafeMediaUrl(url)) return children(block);
      const name = typeof p.name === 'string' && p.name ? p.name : 'PDF document';
      return `<p class="rt-pdf"><a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(name)}</a></p>${children(block)}`;
    }
    case 'aiVideo': {
      // The learner API swaps this placeholder for the account's personalised video once the AI area lands.
      const id = typeof p.templateId === 'number' ? p.templateId : 0;
      return `<div class="rt-ai-video" data-template-id="${id}"></div>${children(block)}`;
    }
    default:
      return renderListItem(block);
  }
}

function renderText(node: RichTextText): string {
  let html = escapeHtml(node.text).replace(/\n/g, '<br>');
  const s = node.styles ?? {};
  if (s.code) html = `<code>${html}</code>`;
  if (s.bold) html = `<strong>${html}</strong>`;
  if (s.italic) html = `<em>${html}</em>`;
  if (s.underline) html = `<u>${html}</u>`;
  if (s.strike) html = `<s>${html}</s>`;
  const cls = [
    s.textColor && s.textColor !== 'default' ? `rt-color-${s.textColor}` : '',
    s.backgroundColor && s.backgroundColor !== 'default' ? `rt-bg-${s.backgroundColor}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return cls ? `<span class="${escapeHtml(cls)}">${html}</span>` : html;
}

function renderInline(content: RichTextInline[] | undefined): string {
  return (content ?? [])
    .map((node) => {
      if (node.type !== 'link') return renderText(node);
      const inner = node.content.map(renderText).join('');
      if (!isSafeLink(node.href)) return inner;
      return `<a href="${escapeHtml(normaliseLink(node.href))}" target="_blank" rel="noopener noreferrer">${inner}</a>`;
    })
    .join('');
}
