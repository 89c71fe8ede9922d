import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithModel } from '../testing/render-with-model';
import { NameInputBlock } from './name-input-block';

const fields = {
  firstName: { label: 'First name' },
  middleInitial: { label: 'Middle initial' },
  lastName: { label: 'Last name' },
};

describe('NameInputBlock', () => {
  it('asks for the first name, middle initial and last name', () => {
    renderWithModel(<NameInputBlock />, fields);
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Middle initial')).toHaveAttribute(
      'autocomplete',
      'additional-name',
    );
    expect(screen.getByLabelText('Last name')).toHaveAttribute('autocomplete', 'family-name');
  });

  it('leaves the middle initial out when asked to', () => {
    renderWithModel(<NameInputBlock middleField={false} />, fields);
    expect(screen.queryByLabelText('Middle initial')).not.toBeInTheDocument();
  });
});
