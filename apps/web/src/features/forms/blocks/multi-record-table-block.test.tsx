import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecordFieldConfig } from '../components/record-fields';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { CHECK_PAGE, renderInPage } from '../testing/render-in-page';
import { MultiRecordTableBlock, type MinimumSavedRecords } from './multi-record-table-block';

const details = modelConfig('Standard', 'ClaimDetails', { hadRepairs: { label: 'Had repairs' } });
const repairs = modelConfig('Standard', 'ClaimTransactions', {
  repairShopName: { label: 'Shop', validations: [{ type: 'required' }] },
  repairAmount: {
    label: 'Amount',
    maskName: 'currencyTwoDecimals',
    validations: [{ type: 'required' }],
  },
});

const columns: RecordFieldConfig[] = [
  { component: 'Text', props: { field: 'repairShopName' } },
  { component: 'Text', props: { field: 'repairAmount' } },
];

function renderTable(minimumSavedRecords?: MinimumSavedRecords) {
  return renderInPage(
    <>
      <MultiRecordTableBlock
        model={{ dtoMapping: 'ClaimTransactions' }}
        columns={columns}
        heading="Repairs"
        minimumSavedRecords={minimumSavedRecords}
      />
      <button type="button">Elsewhere</button>
    </>,
    [details, repairs],
    { metadata: { formType: 'Standard', dtoMapping: 'ClaimDetails' } },
  );
}

const state = () => useModelsStore.getState();

describe('MultiRecordTableBlock', () => {
  it('opens a first row with a labelled input per column', () => {
    renderTable();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Shop' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Shop/ })).toBeInTheDocument();
    expect(state().drafts).toHaveLength(1);
  });

  it('keeps a valid row as a saved record when the focus leaves it', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('textbox', { name: /Shop/ }), 'Acme Transmissions');
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '125');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(
      state().saved.filter((model) => model.metadata.dtoMapping === 'ClaimTransactions'),
    ).toHaveLength(1);
    expect(state().drafts).toHaveLength(0);
  });

  it('keeps an incomplete row as a draft and shows what is missing', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('textbox', { name: /Shop/ }), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(state().drafts).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveAccessibleDescription(
      'Value is required',
    );
  });

  it('asks for no saved row by default', async () => {
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: CHECK_PAGE }));
    expect(screen.queryByText(/Please add at least/)).not.toBeInTheDocument();
  });

  it('asks for the minimum number of saved rows', async () => {
    renderTable(2);
    await userEvent.click(screen.getByRole('button', { name: CHECK_PAGE }));
    expect(screen.getAllByText('Please add at least 2 record(s).').length).toBeGreaterThan(0);
  });

  it('announces its error and names it as the description of the table and its heading', async () => {
    renderTable(1);
    await userEvent.click(screen.getByRole('button', { name: CHECK_PAGE }));
    const message = 'Please add at least 1 record(s).';
    expect(screen.getByRole('region', { name: 'Repairs' })).toHaveAccessibleDescription(message);
    expect(screen.getByRole('heading', { name: 'Repairs' })).toHaveAccessibleDescription(message);
    expect(screen.getByText(message, { selector: '[aria-live]' })).toHaveAttribute(
      'aria-live',
      'polite',
    );
  });

  it('computes the minimum from the page model', async () => {
    renderTable((values) => (values.hadRepairs === 'Yes' ? 1 : 0));
    const page = state().selectModel({ formType: 'Standard', dtoMapping: 'ClaimDetails' });
    act(() => state().setFieldValue(page.clientId, 'hadRepairs', 'Yes'));
    await userEvent.click(screen.getByRole('button', { name: CHECK_PAGE }));
    expect(screen.getAllByText('Please add at least 1 record(s).').length).toBeGreaterThan(0);
  });

  it('refuses Next while a started row is not finished', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('textbox', { name: /Shop/ }), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: CHECK_PAGE }));
    expect(
      screen.getAllByText(
        'You have a record that is not saved yet. Press “Save Repair” to keep it or “Cancel” to remove it.',
      ).length,
    ).toBeGreaterThan(0);
  });

  it('keeps a complete row when its Save button is pressed', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('textbox', { name: /Shop/ }), 'Acme Transmissions');
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '125');
    await userEvent.click(screen.getByRole('button', { name: 'Save Repair Row 1' }));
    expect(state().drafts).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Delete Row 1' })).toBeInTheDocument();
  });

  it('keeps an incomplete row a draft on Save and moves the focus to what is missing', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('textbox', { name: /Shop/ }), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save Repair Row 1' }));
    expect(state().drafts).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveFocus();
  });

  it('adds a row and cancels it', async () => {
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Add a repair' }));
    expect(state().drafts).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Row 2' }));
    expect(state().drafts).toHaveLength(1);
  });
});
