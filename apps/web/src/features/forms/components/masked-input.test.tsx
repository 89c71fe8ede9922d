import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

// imask arrives only when the test lets it, as on a slow connection to a page the router did
// not preload (the test setup preloads it for every other test).
const imask = vi.hoisted(() => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { held: false, arrived, arrive: () => arrive() };
});
vi.mock('react-imask', async (importOriginal) => {
  if (imask.held) await imask.arrived;
  return importOriginal();
});

/** A fresh copy of the input module, whose imask has not loaded yet. */
async function textInputBeforeImask() {
  imask.held = true;
  vi.resetModules();
  return (await import('./masked-input')).TextInput;
}

/**
 * A fresh copy of the input module with an imask of its own that records when it is asked for
 * and arrives when the test lets it.
 */
async function inputModuleWithHeldImask() {
  const load = { requested: false, arrive: () => undefined as void };
  const arrived = new Promise<void>((resolve) => {
    load.arrive = resolve;
  });
  vi.resetModules();
  vi.doMock('react-imask', async (importOriginal) => {
    load.requested = true;
    await arrived;
    return importOriginal();
  });
  return { load, ...(await import('./masked-input')) };
}

/** Lets a dynamic import that was asked for reach the mock, so its absence means something. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('TextInput while imask loads', () => {
  it('keeps what is typed, masks it once imask is there, and keeps the focus', async () => {
    const TextInput = await textInputBeforeImask();
    function Phone() {
      const [value, setValue] = useState('');
      return (
        <>
          <TextInput aria-label="Phone" maskName="usPhone" value={value} onValue={setValue} />
          <output aria-label="Stored">{value}</output>
        </>
      );
    }
    render(<Phone />);
    const early = screen.getByLabelText<HTMLInputElement>('Phone');
    early.focus();
    fireEvent.change(early, { target: { value: '2135550' } });
    expect(early).toHaveValue('2135550');
    expect(screen.getByLabelText('Stored')).toHaveTextContent('2135550');

    await act(async () => imask.arrive());
    await waitFor(() => expect(screen.getByLabelText('Phone')).not.toBe(early));
    const masked = screen.getByLabelText('Phone');
    expect(masked).toHaveValue('(213) 555-0');
    expect(masked).toHaveFocus();
    expect(screen.getByLabelText('Stored')).toHaveTextContent('(213) 555-0');
  });
});

describe('TextInput before its first use', () => {
  it('loads imask only once the claimant focuses the input, then masks what was typed', async () => {
    const { load, TextInput } = await inputModuleWithHeldImask();
    function Phone() {
      const [value, setValue] = useState('');
      return <TextInput aria-label="Phone" maskName="usPhone" value={value} onValue={setValue} />;
    }
    render(<Phone />);
    await settle();
    expect(load.requested).toBe(false);

    const early = screen.getByLabelText<HTMLInputElement>('Phone');
    act(() => early.focus());
    await waitFor(() => expect(load.requested).toBe(true));
    fireEvent.change(early, { target: { value: '2135550' } });
    expect(early).toHaveValue('2135550');

    await act(async () => load.arrive());
    await waitFor(() => expect(screen.getByLabelText('Phone')).not.toBe(early));
    expect(screen.getByLabelText('Phone')).toHaveValue('(213) 555-0');
    expect(screen.getByLabelText('Phone')).toHaveFocus();
  });

  it('loads imask at once for a value the claimant did not type', async () => {
    const { load, TextInput } = await inputModuleWithHeldImask();
    function Phone({ value }: { value: string }) {
      return <TextInput aria-label="Phone" maskName="usPhone" value={value} onValue={() => {}} />;
    }
    const { rerender } = render(<Phone value="" />);
    await settle();
    expect(load.requested).toBe(false);

    rerender(<Phone value="2135550000" />);
    await waitFor(() => expect(load.requested).toBe(true));
    await act(async () => load.arrive());
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('(213) 555-0000'));
  });
});
