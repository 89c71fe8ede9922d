import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useApplicationStore } from '../../../stores/application-store';
import type { RecordFieldConfig } from '../components/record-fields';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { CHECK_PAGE, renderInPage } from '../testing/render-in-page';
import { MultiRecordManagerBlock } from './multi-record-manager-block';

const documents = modelConfig('Standard', 'DocumentContexts', {
  documentType: {
    kind: 'select',
    label: 'Type of document',
    options: [{ value: 'Invoice', label: 'Invoice' }],
    validations: [{ type: 'required' }],
  },
  document: { kind: 'file', label: 'File', validations: [{ type: 'required' }] },
});

const fields: RecordFieldConfig[] = [
  { component: 'Select', props: { field: 'documentType' } },
  { component: 'File', props: { field: 'document' } },
];

function renderManager(props: { required?: boolean; openNewDraftAfterUpload?: boolean } = {}) {
  return renderInPage(
    <MultiRecordManagerBlock
      model={{ dtoMapping: 'DocumentContexts' }}
      fields={fields}
      heading="Documents"
      ordering={['documentType', 'document']}
      {...props}
    />,
    [documents],
  );
}

async function fillDraft(fileName = 'invoice.pdf') {
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: /Type of document/ }),
    'Invoice',
  );
  await userEvent.upload(
    screen.getByLabelText(/^File/),
    new File(['%PDF-1.4'], fileName, { type: 'application/pdf' }),
  );
}

const state = () => useModelsStore.getState();

afterEach(() => {
  useApplicationStore.getState().hideError();
});

describe('MultiRecordManagerBlock', () => {
  it('announces its error and names it as the description of the list and its heading', async () => {
    renderManager({ required: true });
    await userEvent.click(screen.getByRole('button', { name: CHECK_PAGE }));
    const message = 'Please upload at least one supporting document.';
    expect(screen.getByRole('region', { name: 'Documents' })).toHaveAccessibleDescription(message);
    expect(screen.getByRole('heading', { name: 'Documents' })).toHaveAccessibleDescription(message);
    expect(screen.getByText(message)).toHaveAttribute('aria-live', 'polite');
  });

  it('opens a first record to fill in', () => {
    renderManager();
    expect(state().drafts).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: /Type of document/ })).toBeInTheDocument();
  });

  it('checks the record on Upload and keeps it when it is complete', async () => {
    renderManager();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getAllByText('Value is required').length).toBeGreaterThan(0);
    expect(state().saved).toHaveLength(0);
    await fillDraft();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(state().saved).toHaveLength(1);
    expect(state().drafts).toHaveLength(0);
    expect(screen.getByText('invoice.pdf')).toBeInTheDocument();
  });

  it('opens a new record after Upload when configured', async () => {
    renderManager({ openNewDraftAfterUpload: true });
    await fillDraft();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(state().saved).toHaveLength(1);
    expect(state().drafts).toHaveLength(1);
  });

  it('adds a record with Add More', async () => {
    renderManager();
    await fillDraft();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add More' }));
    expect(state().drafts).toHaveLength(1);
  });

  it('discards the record being added on Cancel', async () => {
    renderManager();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(state().drafts).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Add More' })).toBeInTheDocument();
  });

  it('deletes a kept record', async () => {
    renderManager();
    await fillDraft();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(screen.getByRole('button', { name: /^Delete/ }));
    expect(state().saved).toHaveLength(0);
  });

  it('refuses a document whose name is already kept, in the alert', async () => {
    renderManager({ openNewDraftAfterUpload: true });
    await fillDraft('receipt.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await fillDraft('receipt.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(state().saved).toHaveLength(1);
    const { errorInfo } = useApplicationStore.getState();
    expect(errorInfo.showError).toBe(true);
    expect(errorInfo.message).toBe(
      'A document named “receipt.pdf” has already been added. Please choose a different file.',
    );
  });

  it('asks for documentation when required and nothing is kept', async () => {
    renderManager({ required: true });
    await userEvent.click(screen.getByRole('button', { name: CHECK_PAGE }));
    expect(
      screen.getAllByText('Please upload at least one supporting document.').length,
    ).toBeGreaterThan(0);
  });

  it('refuses Next while a started record is not finished', async () => {
    renderManager({ required: true, openNewDraftAfterUpload: true });
    await fillDraft();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Type of document/ }),
      'Invoice',
    );
    await userEvent.click(screen.getByRole('button', { name: CHECK_PAGE }));
    expect(
      screen.getAllByText(
        'You have a record that is not saved yet. Press “Upload” to keep it or “Cancel” to remove it.',
      ).length,
    ).toBeGreaterThan(0);
  });

  it('passes Next with a kept record and no started one', async () => {
    renderManager({ required: true });
    await fillDraft();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(screen.getByRole('button', { name: CHECK_PAGE }));
    expect(screen.queryByRole('group', { name: /correct the following/ })).not.toBeInTheDocument();
  });
});
