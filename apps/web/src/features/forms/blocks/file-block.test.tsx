import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isFileFieldValue } from '../models/form-model';
import { renderWithModel } from '../testing/render-with-model';
import { FileBlock } from './file-block';

const fields = { document: { kind: 'file', label: 'File', validations: [{ type: 'required' }] } };

function pdf(name = 'invoice.pdf', type = 'application/pdf') {
  return new File(['%PDF-1.4'], name, { type });
}

describe('FileBlock', () => {
  it('keeps the chosen file with its name, size and type', async () => {
    const { model } = renderWithModel(<FileBlock field="document" />, fields);
    await userEvent.upload(screen.getByLabelText(/File/), pdf());
    const value = model().fields.document;
    expect(
      isFileFieldValue(value) && { name: value.name, size: value.size, type: value.type },
    ).toEqual({
      name: 'invoice.pdf',
      size: 8,
      type: 'application/pdf',
    });
  });

  it("records the type as 'unknown' when the browser gives none", async () => {
    const { model } = renderWithModel(<FileBlock field="document" />, fields);
    // The accept filter would drop a file without a type before the block saw it.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText(/File/), pdf('scan', ''));
    const value = model().fields.document;
    expect(isFileFieldValue(value) && value.type).toBe('unknown');
  });

  it('takes one file only', () => {
    renderWithModel(<FileBlock field="document" />, fields);
    expect(screen.getByLabelText(/File/)).not.toHaveAttribute('multiple');
  });

  it('keeps the chosen file when the selection is cleared', async () => {
    const { model } = renderWithModel(<FileBlock field="document" />, fields);
    const input = screen.getByLabelText(/File/);
    await userEvent.upload(input, pdf());
    fireEvent.change(input, { target: { files: [] } });
    const value = model().fields.document;
    expect(isFileFieldValue(value) && value.name).toBe('invoice.pdf');
  });

  it('names the chosen file beside the input', async () => {
    renderWithModel(<FileBlock field="document" />, fields);
    await userEvent.upload(screen.getByLabelText(/File/), pdf());
    expect(screen.getByLabelText(/File/)).toHaveAccessibleDescription(/invoice\.pdf/);
  });
});
