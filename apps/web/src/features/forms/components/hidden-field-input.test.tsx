import { fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hiddenFieldValue, setHiddenFieldValue } from '../hidden-field';
import { HiddenFieldInput } from './hidden-field-input';

afterEach(() => setHiddenFieldValue(''));

describe('the hidden field', () => {
  it('is kept from screen readers, the tab order and autofill', () => {
    const { container } = render(<HiddenFieldInput />);
    const wrapper = container.firstElementChild as HTMLElement;
    const input = container.querySelector('input') as HTMLInputElement;
    expect(wrapper.getAttribute('aria-hidden')).toBe('true');
    expect(wrapper.className).toBe('form-extra-field');
    expect(input.tabIndex).toBe(-1);
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.name).toBe('website');
  });

  it('keeps what a program types into it for the submission', () => {
    const { container } = render(<HiddenFieldInput />);
    expect(hiddenFieldValue()).toBeUndefined();
    fireEvent.change(container.querySelector('input') as HTMLInputElement, {
      target: { value: 'https://spam.example' },
    });
    expect(hiddenFieldValue()).toBe('https://spam.example');
  });
});
