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
