import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SearchableMultiSelect } from './searchable-multi-select';
import type { FetchOptionsPage } from '../../api/options-page';

type Item = { id: number; name: string };
const all: Item[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Chapter ${i + 1}` }));

function Harness(props: {
  fetchPage: FetchOptionsPage<Item>;
  initial?: number[];
  selectedItems?: { value: number; label: string }[];
}) {
  const [value, setValue] = useState<(string | number)[]>(props.initial ?? []);
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <SearchableMultiSelect
          label="Chapters"
          entityName="chapters"
          queryKey={['test', Math.random()]}
          fetchPage={props.fetchPage}
          getValue={(c) => c.id}
          getLabel={(c) => c.name}
          value={value}
          onChange={setValue}
          selectedItems={props.selectedItems}
          debounceMs={10}
        />
        <output data-testid="value">{JSON.stringify(value)}</output>
      </MantineProvider>
    </QueryClientProvider>
  );
}

const pagedFetch: FetchOptionsPage<Item> = async (search, page) => {
  const hits = all.filter((i) => i.name.toLowerCase().includes(search.toLowerCase()));
  return { items: hits.slice((page - 1) * 20, page * 20), hasNextPage: hits.length > page * 20 };
};

const value = () => JSON.parse(screen.getByTestId('value').textContent!);

describe('SearchableMultiSelect', () => {
  it('searches, toggles options on and off, pages and clears', async () => {
    const fetchPage = vi.fn(pagedFetch);
    render(<Harness fetchPage={fetchPage} />);
    const input = screen.getByPlaceholderText('Type to search...');
    await userEvent.click(input);
    await userEvent.click(await screen.findByText('Chapter 2'));
    await userEvent.click(screen.getByText('Chapter 3'));
    expect(value()).toEqual([2, 3]);
    await userEvent.click(screen.getByText('Load more'));
    await userEvent.click(await screen.findByText('Chapter 21'));
    expect(value()).toEqual([2, 3, 21]);
    await userEvent.type(input, 'Chapter 3');
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith('Chapter 3', 1));
    await userEvent.click(await screen.findByRole('option', { name: 'Chapter 3', hidden: true }));
    expect(value()).toEqual([2, 21]);
    await userEvent.click(screen.getByText('Clear Selection'));
    expect(value()).toEqual([]);
  });

  it('shows given labels for values not loaded yet, removes the last with Backspace, and shows a load error', async () => {
    render(
      <Harness
        fetchPage={() => Promise.reject({ status: 500, body: { message: 'Database is down' } })}
        initial={[7, 99]}
        selectedItems={[
          { value: 7, label: 'Chapter 7' },
          { value: 99, label: 'Far Away' },
        ]}
      />,
    );
    expect(screen.getByText('Far Away')).toBeTruthy();
    const input = screen.getByPlaceholderText('Type to search...');
    await userEvent.click(input);
    expect(await screen.findByText('Database is down')).toBeTruthy();
    await userEvent.type(input, '{Backspace}');
    expect(value()).toEqual([7]);
  });
});
