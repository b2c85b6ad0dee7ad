import { describe, expect, it } from 'vitest';
import { compileTemplate, personalise } from './render.js';

const MJML = `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-text><h1>Dear {{firstName}}</h1><p>You are invited to {{chapterName}}.</p></mj-text>
        <mj-button href="https://society.example/join?code={{invitationCode}}&amp;src=email">Accept</mj-button>
        <mj-text><a href="{{unsubscribeUrl}}">Unsubscribe</a> <a href="mailto:help@society.example">Help</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

const template = {
  bodyFormat: 'mjml' as const,
  body: MJML,
  subject: 'Welcome, {{firstName}} & co',
  preview: 'Your invitation, {{firstName}}',
};

describe('compileTemplate and personalise', () => {
  it('renders MJML once to HTML with the preview as a hidden preheader and a text part; tokens filled per recipient', async () => {
    const { compiled, errors } = await compileTemplate(template);
    expect(errors).toEqual([]);
    expect(compiled.tokens).toEqual(['firstName', 'chapterName', 'invitationCode', 'unsubscribeUrl']);
    const m = personalise(compiled, {
      firstName: 'Ada',
      chapterName: 'Alpha',
      invitationCode: 'X1',
      unsubscribeUrl: 'https://u.example/1',
    });
    expect(m.subject).toBe('Welcome, Ada & co');
    expect(m.html).toMatch(/^<!doctype html>/i);
    expect(m.html).toMatch(/<div style="display:none[^"]*">Your invitation, Ada<\/div>/);
    expect(m.html).toContain('Dear Ada');
    expect(m.html).toContain('href="https://society.example/join?code=X1&amp;src=email"');
    expect(m.text).toContain('Dear Ada');
    expect(m.text).toContain('You are invited to Alpha.');
    expect(m.text).toContain('https://society.example/join?code=X1&src=email');
    expect(m.text).not.toContain('<');
    expect(m.text).not.toContain('Your invitation'); // the preheader is for the inbox list, not the text part
  });

  it('escapes values in the HTML only; unknown tokens stay as written', async () => {
    const { compiled } = await compileTemplate({
      bodyFormat: 'html',
      body: '<p>Hi {{firstName}} {{nickname}}</p>',
      subject: '{{firstName}} {{nickname}}',
      preview: '',
    });
    const m = personalise(compiled, { firstName: '<b>"Ann" & O\'Neil</b>' });
    expect(m.html).toBe('<p>Hi &lt;b&gt;&quot;Ann&quot; &amp; O&#39;Neil&lt;/b&gt; {{nickname}}</p>');
    expect(m.subject).toBe('<b>"Ann" & O\'Neil</b> {{nickname}}');
    expect(m.text).toBe('Hi <b>"Ann" & O\'Neil</b> {{nickname}}');
  });

  it('reports MJML problems with their line, and unreadable MJML without one', async () => {
    const bad = await compileTemplate({
      ...template,
      body: '<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n<mj-foo>x</mj-foo>\n</mj-column>\n</mj-section>\n</mj-body>\n</mjml>',
    });
    expect(bad.errors).toEqual([{ line: 5, message: expect.stringContaining('mj-foo') }]);
    const unreadable = await compileTemplate({ ...template, body: 'not mjml at all' });
    expect(unreadable.errors).toEqual([
      { line: null, message: expect.stringMatching(/Parsing failed|Malformed MJML/) },
    ]);
  });

  it('with tracking: wraps http(s) links (not mailto: nor the unsubscribe link) and adds the pixel before </body>', async () => {
    const { compiled } = await compileTemplate(template);
    const wrapped: string[] = [];
    const m = personalise(
      compiled,
      { firstName: 'Ada', invitationCode: 'A&B', unsubscribeUrl: 'https://u.example/1' },
      {
        link: (url) => {
          wrapped.push(url);
          return `https://t.example/c?u=${encodeURIComponent(url)}&x=1`;
        },
        pixel: '<img src="https://t.example/o.gif">',
      },
    );
    expect(wrapped).toEqual(['https://society.example/join?code=A&B&src=email']);
    expect(m.html).toContain(
      `href="https://t.example/c?u=${encodeURIComponent('https://society.example/join?code=A&B&src=email')}&amp;x=1"`,
    );
    expect(m.html).toContain('href="https://u.example/1"');
    expect(m.html).toContain('href="mailto:help@society.example"');
    expect(m.html).toMatch(/<img src="https:\/\/t\.example\/o\.gif"><\/body>/);
    // Without tracking no pixel appears.
    expect(personalise(compiled, {}).html).not.toContain('t.example');
  });

  it('personalises 20,000 recipients fast (parts compiled once)', async () => {
    const { compiled } = await compileTemplate(template);
    const started = performance.now();
    for (let i = 0; i < 20_000; i++)
      personalise(compiled, { firstName: `Name${i}`, chapterName: 'Alpha', invitationCode: `C${i}` });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
