import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RichTextDoc } from '@app/contract';

// BlockNote needs a real browser (contenteditable, selection); this unit test stands in a fake editor
// whose view fires onChange from a button, to test what the wrapper does with the changes.
const fake = vi.hoisted(() => ({ document: [] as unknown[], options: undefined as unknown }));
vi.mock('@blocknote/react', () => ({
  useCreateBlockNote: (options: unknown) => {
    fake.options = options;
    return fake;
  },
  SuggestionMenuController: () => null,
}));
vi.mock('@blocknote/mantine', () => ({
  BlockNoteView: (props: { onChange: () => void; theme: string; children?: ReactNode }) => (
    <button type="button" data-theme={props.theme} onClick={props.onChange}>
      edit
    </button>
  ),
}));
vi.mock('@blocknote/core', () => ({ filterSuggestionItems: (items: unknown[]) => items }));
vi.mock('./schema', () => ({ richTextSchema: {} }));
vi.mock('./slash-menu', () => ({ slashMenuItems: () => [] }));

const { default: RichTextEditor } = await import('./rich-text-editor');
const { RichTextEditor: LazyEditor } = await import('./index');

const paragraph = (text: string) => ({
  type: 'paragraph',
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});
const link = (href: string) => ({
  type: 'paragraph',
  content: [{ type: 'link', href, content: [{ type: 'text', text: 'go', styles: {} }] }],
  children: [],
});

function renderEditor(onChange: (doc: RichTextDoc) => void, value: RichTextDoc | null = null) {
  return render(
    <MantineProvider>
      <RichTextEditor value={value} onChange={onChange} label="Curriculum" />
    </MantineProvider>,
  );
}

describe('RichTextEditor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the whole document once, 300 ms after the last change', () => {
    const onChange = vi.fn();
    renderEditor(onChange);
    const edit = screen.getByRole('button', { name: 'edit' });
    fake.document = [paragraph('a')];
    fireEvent.click(edit);
    act(() => void vi.advanceTimersByTime(200));
    fake.document = [paragraph('ab')];
    fireEvent.click(edit);
    act(() => void vi.advanceTimersByTime(299));
    expect(onChange).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ type: 'doc', content: [paragraph('ab')] });
  });

  it('saves a pending change when it unmounts, and gives links without a scheme https://', () => {
    const onChange = vi.fn();
    const view = renderEditor(onChange);
    fake.document = [link('example.org/page'), link('mailto:a@b.org'), link('not a link')];
    fireEvent.click(screen.getByRole('button', { name: 'edit' }));
    view.unmount();
    expect(onChange).toHaveBeenCalledTimes(1);
    const hrefs = (onChange.mock.calls[0]![0] as RichTextDoc).content.map(
      (b) => (b as { content: Array<{ href: string }> }).content[0]!.href,
    );
    expect(hrefs).toEqual(['https://example.org/page', 'mailto:a@b.org', 'not a link']);
  });

  it('starts from the value (an empty document starts the editor empty) with the upload rule', () => {
    renderEditor(vi.fn(), { type: 'doc', content: [paragraph('Hello')] });
    expect(fake.options).toMatchObject({ initialContent: [paragraph('Hello')] });
    expect(typeof (fake.options as { uploadFile: unknown }).uploadFile).toBe('function');
    renderEditor(vi.fn(), { type: 'doc', content: [] });
    expect((fake.options as { initialContent: unknown }).initialContent).toBeUndefined();
    expect(screen.getAllByText('Curriculum').length).toBeGreaterThan(0);
  });

  it('refuses an editor upload over 20MB before sending it', async () => {
    renderEditor(vi.fn());
    const upload = (fake.options as { uploadFile: (f: File) => Promise<string> }).uploadFile;
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await expect(upload(big)).rejects.toThrow('File size too big (max 20MB).');
  });
});

describe('lazy RichTextEditor', () => {
  it('shows a loader, then the editor', async () => {
    render(
      <MantineProvider>
        <LazyEditor value={null} onChange={vi.fn()} />
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Loading editor')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'edit' })).toBeTruthy();
  });
});
