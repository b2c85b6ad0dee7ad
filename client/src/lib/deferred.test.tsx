import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { deferred } from './deferred';

type Controls = { label: string };

/** A module that arrives when the test says so. */
function later() {
  let arrive!: (module: Controls) => void;
  const promise = new Promise<Controls>((resolve) => (arrive = resolve));
  return { load: () => promise, arrive };
}

function Control({ useControls }: { useControls: () => Controls | null }) {
  const controls = useControls();
  return <span>{controls ? controls.label : 'look-alike'}</span>;
}

describe('deferred', () => {
  it('shows the look-alike until the module arrives, then the real control in every place that uses it', async () => {
    const module = later();
    const useControls = deferred(module.load);
    render(
      <>
        <Control useControls={useControls} />
        <Control useControls={useControls} />
      </>,
    );
    expect(screen.getAllByText('look-alike')).toHaveLength(2);
    await act(async () => module.arrive({ label: 'real menu' }));
    expect(screen.getAllByText('real menu')).toHaveLength(2);
    expect(screen.queryByText('look-alike')).toBeNull();
  });

  it('renders the real control straight away once the module is there, also for a control mounted later', async () => {
    const module = later();
    const useControls = deferred(module.load);
    await act(async () => module.arrive({ label: 'real menu' }));
    render(<Control useControls={useControls} />);
    expect(screen.getByText('real menu')).toBeTruthy();
  });

  it('tries a module that failed to arrive once more', async () => {
    let tries = 0;
    const useControls = deferred(() =>
      ++tries === 1 ? Promise.reject(new Error('dropped')) : Promise.resolve({ label: 'second try' }),
    );
    render(<Control useControls={useControls} />);
    expect(await screen.findByText('second try')).toBeTruthy();
    expect(tries).toBe(2);
  });
});
