import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SearchableSelect } from './searchable-select';
import type { FetchOptionsPage } from '../../api/options-page';

type Item = { id: number; name: string };
const all: Item[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `School ${i + 1}` }));

function Harness(props: { fetchPage: FetchOptionsPage<Item>; initial?: number | null; initialLabel?: string }) {
  const [value, setValue] = useState<string | number | null>(props.initial ?? null);
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <SearchableSelect
          label="Institution"
          entityName="institutions"
          queryKey={['test', Math.random()]}
          fetchPage={props.fetchPage}
          getValue={(i) => i.id}
          getLabel={(i) => i.name}
          value={value}
          onChange={(v) => setValue(v)}
          selectedLabel={props.initialLabel}
          debounceMs={10}
        />
        <output data-testid="value">{String(value)}</output>
      </MantineProvider>
    </QueryClientProvider>
  );
}

const pagedFetch: FetchOptionsPage<Item> = async (search, page) => {
  const hits = all.filter((i) => i.name.toLowerCase().includes(search.toLowerCase()));
  return { items: hits.slice((page - 1) * 20, page * 20), hasNextPage: hits.length > page * 20 };
};

describe('SearchableSelect', () => {
  it('searches, pages and picks', async () => {
    const fetchPage = vi.fn(pagedFetch);
    render(<Harness fetchPage={fetchPage} />);
    const input = screen.getByLabelText('Institution');
    expect(input.getAttribute('placeholder')).toBe('Type to search...');
    await userEvent.click(input);
    expect(await screen.findByText('School 20')).toBeTruthy();
    expect(screen.queryByText('School 21')).toBeNull();
    await userEvent.click(screen.getByText('Load more'));
    expect(await screen.findByText('School 21')).toBeTruthy();
    await userEvent.type(input, 'School 3');
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith('School 3', 1));
    await userEvent.click(await screen.findByText('School 30'));
    expect(screen.getByTestId('value').textContent).toBe('30');
    expect((input as HTMLInputElement).value).toBe('School 30');
  });

  it('shows the label of a value not loaded yet, clears, and says when nothing matches', async () => {
    render(<Harness fetchPage={pagedFetch} initial={99} initialLabel="Far Away College" />);
    const input = screen.getByLabelText('Institution') as HTMLInputElement;
    expect(input.value).toBe('Far Away College');
    await userEvent.click(input);
    await userEvent.click(await screen.findByText('Clear Selection'));
    expect(screen.getByTestId('value').textContent).toBe('null');
    await userEvent.click(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('No institutions found')).toBeTruthy();
  });

  it('shows a load error inline', async () => {
    render(<Harness fetchPage={() => Promise.reject({ status: 500, body: { message: 'Database is down' } })} />);
    await userEvent.click(screen.getByLabelText('Institution'));
    expect(await screen.findByText('Database is down')).toBeTruthy();
  });
});
