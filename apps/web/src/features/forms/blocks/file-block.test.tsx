import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_LIMITS } from '@claims/core/documents/limits';
import { fileFieldValue, isFileFieldValue } from '../models/form-model';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { renderWithModel } from '../testing/render-with-model';
import { FileBlock } from './file-block';

const fields = { document: { kind: 'file', label: 'File', validations: [{ type: 'required' }] } };

function pdf(name = 'invoice.pdf', type = 'application/pdf') {
  return new File(['%PDF-1.4'], name, { type });
}

/** jsdom has no DataTransfer; this one gives the list of the files added to it. */
class FakeDataTransfer {
  readonly files: File[] = [];
  readonly items = { add: (file: File) => this.files.push(file) };
}

let loggedErrors: unknown[][] = [];

beforeEach(() => {
  vi.stubGlobal('DataTransfer', FakeDataTransfer);
  loggedErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    loggedErrors.push(args);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Chooses one file in the field's input. */
function choose(file: File) {
  fireEvent.change(screen.getByLabelText(/File/), { target: { files: [file] } });
}

/** The refusal the block announces, once it has checked the chosen file. */
async function refusal(): Promise<string> {
  const alert = screen.getByRole('alert');
  await waitFor(() => expect(alert).not.toBeEmptyDOMElement());
  return alert.textContent ?? '';
}

const KEPT =
  'The file you chose is still attached: a file cannot be removed here. To use another file, choose it instead.';

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

  it('records the type its content names when the browser gives none', async () => {
    const { model } = renderWithModel(<FileBlock field="document" />, fields);
    // The accept filter would drop a file without a type before the block saw it.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText(/File/), pdf('scan', ''));
    await waitFor(() => {
      const value = model().fields.document;
      expect(isFileFieldValue(value) && value.type).toBe('application/pdf');
    });
  });

  it('refuses a file over the size limit when it is chosen, naming it', async () => {
    const { model } = renderWithModel(<FileBlock field="document" />, fields);
    const big = pdf('scan.pdf');
    Object.defineProperty(big, 'size', { value: DOCUMENT_LIMITS.maxBytes + 1 });
    choose(big);
    expect(await refusal()).toContain('scan.pdf is larger than the 10 MB a document may be.');
    expect(model().fields.document).toBeNull();
  });

  it('refuses a text file renamed to .pdf when it is chosen', async () => {
    const { model } = renderWithModel(<FileBlock field="document" />, fields);
    const renamed = new File(['Receipt: paid in cash'], 'notes.pdf', { type: 'application/pdf' });
    choose(renamed);
    expect(await refusal()).toContain(
      'notes.pdf is not a PDF, JPG or PNG file, whatever its name says.',
    );
    expect(model().fields.document).toBeNull();
  });

  it('names a HEIC photo and says how to get a JPG instead', async () => {
    renderWithModel(<FileBlock field="document" />, fields);
    const heic = new File(
      [new Uint8Array([0, 0, 0, 0x18]), 'ftypheic', new Uint8Array(12)],
      'photo.heic',
      {
        type: 'image/heic',
      },
    );
    choose(heic);
    expect(await refusal()).toBe(
      'photo.heic is an HEIC photo; choose a JPG, PNG or PDF, or change your camera to save JPG.',
    );
  });

  it('keeps the file chosen before a refused one and ties the refusal to the input', async () => {
    const { model } = renderWithModel(<FileBlock field="document" />, fields);
    const input = screen.getByLabelText<HTMLInputElement>(/File/);
    await userEvent.upload(input, pdf('first.pdf'));
    await waitFor(() => expect(isFileFieldValue(model().fields.document)).toBe(true));
    choose(new File(['not a pdf'], 'second.pdf', { type: 'application/pdf' }));
    await refusal();
    const value = model().fields.document;
    expect(isFileFieldValue(value) && value.name).toBe('first.pdf');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('second.pdf is not a PDF'));
    expect(input).toBeInvalid();
  });

  it('refuses a document beyond the number a claim may carry', async () => {
    const documents = modelConfig('Standard', 'DocumentContexts', fields);
    renderWithModel(<FileBlock field="document" />, fields, { otherConfigs: [documents] });
    const store = useModelsStore.getState();
    for (let index = 0; index < DOCUMENT_LIMITS.maxDocuments; index += 1) {
      const draft = store.addDraft({ formType: 'Standard', dtoMapping: 'DocumentContexts' });
      store.setFieldValue(draft.clientId, 'document', fileFieldValue(pdf(`${index}.pdf`)));
      store.promoteDraft(draft.clientId);
    }
    choose(pdf('one-more.pdf'));
    expect(await refusal()).toContain(
      'one-more.pdf was not added: a claim takes at most 20 documents.',
    );
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

  it('puts the kept file back into a cleared input and says why', async () => {
    renderWithModel(<FileBlock field="document" />, fields);
    const input = screen.getByLabelText<HTMLInputElement>(/File/);
    const file = pdf();
    await userEvent.upload(input, file);
    fireEvent.change(input, { target: { files: [] } });
    expect([...(input.files ?? [])]).toEqual([file]);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(KEPT));
    expect(screen.getByText(KEPT)).toHaveAttribute('aria-live', 'polite');
  });

  it('logs the clearing of a file input as an error of docs/behaviour.md#configuration-errors', async () => {
    renderWithModel(<FileBlock field="document" />, fields);
    const input = screen.getByLabelText(/File/);
    await userEvent.upload(input, pdf());
    fireEvent.change(input, { target: { files: [] } });
    expect(loggedErrors.map(([message]) => message)).toEqual([
      'clearing the file input of field "document" is not supported; it keeps "invoice.pdf"',
    ]);
  });

  it('says nothing when an empty input stays empty', () => {
    renderWithModel(<FileBlock field="document" />, fields);
    fireEvent.change(screen.getByLabelText(/File/), { target: { files: [] } });
    expect(loggedErrors).toEqual([]);
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
  });

  it('refuses several files at once, keeping the file chosen before and saying why', async () => {
    const { model } = renderWithModel(<FileBlock field="document" />, fields);
    const input = screen.getByLabelText<HTMLInputElement>(/File/);
    const first = pdf('first.pdf');
    await userEvent.upload(input, first);
    fireEvent.change(input, { target: { files: [pdf('a.pdf'), pdf('b.pdf')] } });
    const value = model().fields.document;
    expect(isFileFieldValue(value) && value.name).toBe('first.pdf');
    expect([...(input.files ?? [])]).toEqual([first]);
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Choose one file at a time.'),
    );
    expect(loggedErrors.map(([message]) => message)).toEqual([
      'a file field takes one file; 2 were selected for field "document"',
    ]);
  });

  it('empties the input when several files are the first choice', () => {
    const { model } = renderWithModel(<FileBlock field="document" />, fields);
    const input = screen.getByLabelText<HTMLInputElement>(/File/);
    fireEvent.change(input, { target: { files: [pdf('a.pdf'), pdf('b.pdf')] } });
    expect(model().fields.document).toBeNull();
    expect(input.files).toHaveLength(0);
    expect(screen.getByText('Choose one file at a time.')).toBeInTheDocument();
  });

  it('drops the notice once one file is chosen', async () => {
    renderWithModel(<FileBlock field="document" />, fields);
    const input = screen.getByLabelText(/File/);
    fireEvent.change(input, { target: { files: [pdf('a.pdf'), pdf('b.pdf')] } });
    await userEvent.upload(input, pdf());
    expect(screen.queryByText('Choose one file at a time.')).not.toBeInTheDocument();
  });

  it('shows the kept file in an input rendered again', () => {
    const shown = vi.spyOn(HTMLInputElement.prototype, 'files', 'set').mockImplementation(() => {});
    const file = pdf();
    renderWithModel(<FileBlock field="document" />, fields, {
      values: {
        document: { files: [file], name: file.name, size: file.size, type: file.type },
      },
    });
    expect(shown).toHaveBeenCalledWith([file]);
  });

  it('names the chosen file beside the input', async () => {
    renderWithModel(<FileBlock field="document" />, fields);
    await userEvent.upload(screen.getByLabelText(/File/), pdf());
    expect(screen.getByLabelText(/File/)).toHaveAccessibleDescription(/invoice\.pdf/);
  });
});
