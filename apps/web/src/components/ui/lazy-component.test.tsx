import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function deferred() {
  let resolve: (component: typeof Greeting) => void = () => undefined;
  const promise = new Promise<typeof Greeting>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('lazyComponent', () => {
  it('shows the fallback with the same props until the code has loaded', async () => {
    const code = deferred();
    const Lazy = lazyComponent(
      () => code.promise,
      ({ name }) => <p>Loading {name}</p>,
    );
    render(<Lazy name="Ada" />);
    expect(screen.getByText('Loading Ada')).toBeInTheDocument();
    await act(async () => code.resolve(Greeting));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('renders at once when the code was preloaded', async () => {
    const Lazy = lazyComponent(() => Promise.resolve(Greeting));
    await Lazy.preload();
    render(<Lazy name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
  });

  it('loads the code once however often it is used', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Lazy = lazyComponent(load);
    render(
      <>
        <Lazy name="one" />
        <Lazy name="two" />
      </>,
    );
    expect(await screen.findByText('Hello two')).toBeInTheDocument();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing while it is not rendered', () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    lazyComponent(load);
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps the state of the component around it when the code arrives', async () => {
    const code = deferred();
    const Lazy = lazyComponent(() => code.promise);
    function Counter() {
      const [count, setCount] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setCount(count + 1)}>
            Count {count}
          </button>
          <Lazy name="Lin" />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Counter />);
    await user.click(screen.getByRole('button', { name: 'Count 0' }));
    await act(async () => code.resolve(Greeting));
    expect(await screen.findByText('Hello Lin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeInTheDocument();
  });

  it('tries again after the code failed to load', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const Lazy = lazyComponent(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    render(<Lazy name="Kay" />);
    expect(screen.getByText('Hello Kay')).toBeInTheDocument();
  });
});
