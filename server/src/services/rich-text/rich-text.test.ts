import { describe, expect, it } from 'vitest';
import {
  RICH_TEXT_MESSAGES,
  RichTextDoc,
  normaliseLink,
  richTextProblem,
  wistiaMediaId,
  youtubeVideoId,
} from '@app/contract';
import { AppError } from '../../errors.js';
import { checkRichText, renderRichText } from './index.js';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (...content: unknown[]) => ({
  id: 'b1',
  type: 'paragraph',
  props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
  content,
  children: [],
});
const text = (t: string, styles: object = {}) => ({ type: 'text', text: t, styles });
const block = (type: string, props: object = {}, content?: unknown[]) => ({
  id: 'x',
  type,
  props,
  ...(content ? { content } : {}),
  children: [],
});

describe('rich-text validation', () => {
  it('accepts every allowed block as BlockNote saves it', () => {
    const all = doc(
      para(text('Hello', { bold: true, textColor: 'red' }), {
        type: 'link',
        href: 'https://example.org',
        content: [text('site')],
      }),
      block(
        'heading',
        { level: 2, textColor: 'default', backgroundColor: 'default', textAlignment: 'center', isToggleable: false },
        [text('Title')],
      ),
      block('bulletListItem', {}, [text('a')]),
      block('numberedListItem', { start: 3 }, [text('b')]),
      block('checkListItem', { checked: true }, [text('c')]),
      block('quote', { textColor: 'blue' }, [text('q')]),
      block('image', {
        url: '/api/files/3/a.png',
        caption: 'Cap',
        name: 'a.png',
        showPreview: true,
        previewWidth: 320,
        textAlignment: 'left',
        backgroundColor: 'default',
      }),
      block('youtube', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
      block('wistia', { url: 'https://society.wistia.com/medias/e4a27b971d' }),
      block('pdf', { url: 'https://cdn.example.org/a.pdf', name: 'a.pdf' }),
      block('aiVideo', { templateId: 4 }),
      block('youtube', { url: '' }),
    );
    expect(richTextProblem(all)).toBeNull();
    expect(RichTextDoc.safeParse(all).success).toBe(true);
  });

  it.each([
    [doc(block('table')), ['content', 0, 'type'], 'Unknown block type "table"'],
    [doc(block('heading', { level: 4 }, [])), ['content', 0, 'props', 'level'], 'Heading level must be 1, 2 or 3'],
    [
      doc(para({ type: 'mention', text: 'x' })),
      ['content', 0, 'content', 0, 'type'],
      'Unknown inline content type "mention"',
    ],
    [
      doc(para({ type: 'link', href: 'javascript:alert(1)', content: [text('x')] })),
      ['content', 0, 'content', 0, 'href'],
      RICH_TEXT_MESSAGES.unsafeLink,
    ],
    [
      doc(para({ type: 'link', href: ' JavaScript:alert(1)', content: [] })),
      ['content', 0, 'content', 0, 'href'],
      RICH_TEXT_MESSAGES.unsafeLink,
    ],
    [
      doc(para({ type: 'link', href: 'data:text/html,<script>', content: [] })),
      ['content', 0, 'content', 0, 'href'],
      RICH_TEXT_MESSAGES.unsafeLink,
    ],
    [
      doc(block('image', { url: 'javascript:alert(1)' })),
      ['content', 0, 'props', 'url'],
      RICH_TEXT_MESSAGES.unsafeMedia,
    ],
    [
      doc(block('image', { url: 'data:image/png;base64,AAAA' })),
      ['content', 0, 'props', 'url'],
      RICH_TEXT_MESSAGES.unsafeMedia,
    ],
    [
      doc(block('pdf', { url: '//evil.example/a.pdf' })),
      ['content', 0, 'props', 'url'],
      RICH_TEXT_MESSAGES.unsafeMedia,
    ],
    [
      doc(block('youtube', { url: 'https://vimeo.com/123' })),
      ['content', 0, 'props', 'url'],
      RICH_TEXT_MESSAGES.youtube,
    ],
    [
      doc(block('wistia', { url: 'https://example.org/medias/abc123' })),
      ['content', 0, 'props', 'url'],
      RICH_TEXT_MESSAGES.wistia,
    ],
    [
      doc(block('paragraph', { onclick: 'x' }, [])),
      ['content', 0, 'props', 'onclick'],
      'Unknown property "onclick" of a paragraph block',
    ],
    [
      doc(para(text('x', { fontFamily: 'x' }))),
      ['content', 0, 'content', 0, 'styles', 'fontFamily'],
      'Unknown text style "fontFamily"',
    ],
    [
      doc(para(text('x', { textColor: 'red;background:url(x)' }))),
      ['content', 0, 'content', 0, 'styles', 'textColor'],
      'Colour must be a colour name',
    ],
    [{ type: 'html', content: [] }, [], RICH_TEXT_MESSAGES.notADoc],
  ])('refuses %j at its path with a clear message', (value, path, message) => {
    expect(richTextProblem(value)).toEqual({ path, message });
    const parsed = RichTextDoc.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('limits nesting and size', () => {
    let nested: Record<string, unknown> = block('bulletListItem', {}, [text('leaf')]);
    for (let i = 0; i < 7; i++) nested = { ...block('bulletListItem', {}, [text('x')]), children: [nested] };
    expect(richTextProblem(doc(nested))?.message).toBe(RICH_TEXT_MESSAGES.tooDeep);
    expect(richTextProblem(doc(...Array.from({ length: 2001 }, () => para())))?.message).toBe(
      RICH_TEXT_MESSAGES.tooManyBlocks,
    );
    expect(richTextProblem(doc(para(text('x'.repeat(200_001)))))?.message).toBe(RICH_TEXT_MESSAGES.tooMuchText);
  });

  it('checkRichText throws a 400 with the issue under the field', () => {
    expect(() => checkRichText(doc(block('script')), 'curriculum')).toThrow(AppError);
    try {
      checkRichText(doc(block('script')), 'curriculum');
    } catch (err) {
      expect(err).toMatchObject({
        status: 400,
        message: 'Unknown block type "script"',
        issues: [{ path: ['curriculum', 'content', 0, 'type'] }],
      });
    }
  });

  it('knows the YouTube and Wistia link forms and the https link rule', () => {
    for (const url of [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=3',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(youtubeVideoId(url)).toBe('dQw4w9WgXcQ');
    }
    expect(youtubeVideoId('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(wistiaMediaId('https://home.wistia.com/medias/e4a27b971d')).toBe('e4a27b971d');
    expect(wistiaMediaId('http://home.wistia.com/medias/e4a27b971d')).toBeNull();
    expect(wistiaMediaId('https://wistia.com.evil.example/medias/e4a27b971d')).toBeNull();
    expect(normaliseLink('example.org/page')).toBe('https://example.org/page');
    expect(normaliseLink('not a link.com')).toBe('not a link.com');
    expect(normaliseLink('mailto:a@b.org')).toBe('mailto:a@b.org');
    expect(normaliseLink('/api/files/1/a.pdf')).toBe('/api/files/1/a.pdf');
  });
});

describe('rich-text rendering', () => {
  it('escapes script-ish text and attributes', () => {
    const html = renderRichText(doc(para(text('<script>alert("x")</script> & \'q\''))));
    expect(html).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>');
    const img = renderRichText(
      doc(block('image', { url: '/api/files/1/a.png?x="><script>', caption: '"><img onerror=x>' })),
    );
    expect(img).not.toMatch(/<script|<img onerror/);
    expect(img).toContain('&quot;&gt;&lt;img onerror=x&gt;');
  });

  it('renders nothing for a document outside the allow-list', () => {
    expect(renderRichText(doc(block('table')))).toBe('');
    expect(renderRichText(doc(para({ type: 'link', href: 'javascript:alert(1)', content: [text('x')] })))).toBe('');
  });

  it('renders each block', () => {
    expect(
      renderRichText(
        doc(
          para(
            text('b', { bold: true }),
            text('i', { italic: true, textColor: 'red' }),
            text('u', { underline: true }),
            text('s', { strike: true }),
            text('c', { code: true }),
          ),
        ),
      ),
    ).toBe('<p><strong>b</strong><span class="rt-color-red"><em>i</em></span><u>u</u><s>s</s><code>c</code></p>');
    expect(renderRichText(doc(para({ type: 'link', href: 'example.org', content: [text('go')] })))).toBe(
      '<p><a href="https://example.org" target="_blank" rel="noopener noreferrer">go</a></p>',
    );
    expect(renderRichText(doc(block('heading', { level: 3, textAlignment: 'center' }, [text('H')])))).toBe(
      '<h3 class="rt-align-center">H</h3>',
    );
    expect(
      renderRichText(
        doc(
          block('bulletListItem', {}, [text('a')]),
          block('bulletListItem', {}, [text('b')]),
          block('numberedListItem', { start: 2 }, [text('c')]),
        ),
      ),
    ).toBe('<ul><li>a</li><li>b</li></ul><ol start="2"><li>c</li></ol>');
    expect(
      renderRichText(
        doc({ ...block('bulletListItem', {}, [text('a')]), children: [block('bulletListItem', {}, [text('a1')])] }),
      ),
    ).toBe('<ul><li>a<ul><li>a1</li></ul></li></ul>');
    expect(renderRichText(doc(block('checkListItem', { checked: true }, [text('done')])))).toBe(
      '<ul class="rt-checklist"><li><input type="checkbox" disabled checked> done</li></ul>',
    );
    expect(renderRichText(doc(block('quote', {}, [text('q')])))).toBe('<blockquote>q</blockquote>');
    expect(renderRichText(doc(block('image', { url: '/api/files/1/a.png', caption: 'Cap' })))).toBe(
      '<figure><img src="/api/files/1/a.png" alt="Cap" loading="lazy"><figcaption>Cap</figcaption></figure>',
    );
    expect(renderRichText(doc(block('youtube', { url: 'https://youtu.be/dQw4w9WgXcQ' })))).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"',
    );
    expect(renderRichText(doc(block('wistia', { url: 'https://home.wistia.com/medias/e4a27b971d' })))).toContain(
      '<iframe src="https://fast.wistia.net/embed/iframe/e4a27b971d"',
    );
    expect(renderRichText(doc(block('youtube', { url: '' })))).toBe('');
    expect(renderRichText(doc(block('pdf', { url: '/api/files/2/guide.pdf', name: 'Guide' })))).toBe(
      '<p class="rt-pdf"><a href="/api/files/2/guide.pdf" target="_blank" rel="noopener noreferrer">Guide</a></p>',
    );
    expect(renderRichText(doc(block('aiVideo', { templateId: 7 })))).toBe(
      '<div class="rt-ai-video" data-template-id="7"></div>',
    );
    expect(renderRichText(doc(para(text('line1\nline2'))))).toBe('<p>line1<br>line2</p>');
  });
});
