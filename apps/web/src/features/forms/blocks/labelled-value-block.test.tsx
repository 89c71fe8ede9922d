import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithModel } from '../testing/render-with-model';
import { LABELLED_VALUE_NEEDS_LABEL, LabelledValueBlock } from './labelled-value-block';

describe('LabelledValueBlock', () => {
  it('needs a label or an icon', () => {
    expect(() => render(<LabelledValueBlock value="x" />)).toThrow(LABELLED_VALUE_NEEDS_LABEL);
  });

  it('shows a text beside its label', () => {
    render(<LabelledValueBlock label="Case number" value="3:25-cv-04187" />);
    expect(screen.getByText('Case number')).toBeInTheDocument();
    expect(screen.getByText('3:25-cv-04187')).toBeInTheDocument();
  });

  it("shows a field's value as the claimant reads it", () => {
    renderWithModel(
      <LabelledValueBlock label="Payment" field="method" />,
      { method: { kind: 'radio', options: [{ value: 'Check', label: 'Paper check' }] } },
      { values: { method: 'Check' } },
    );
    expect(screen.getByText('Paper check')).toBeInTheDocument();
  });
});
