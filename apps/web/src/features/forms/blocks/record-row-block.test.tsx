import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { resetModelsStore } from '../testing/render-with-model';
import { RecordRowBlock } from './record-row-block';

const selector = { formType: 'Standard', dtoMapping: 'ClaimTransactions' } as const;

function savedRecord(
  fields: Record<string, Record<string, unknown>>,
  values: Record<string, string>,
) {
  resetModelsStore();
  useModelsStore
    .getState()
    .loadRemoteConfigs([modelConfig('Standard', 'ClaimTransactions', fields)]);
  const draft = useModelsStore.getState().addDraft(selector);
  for (const [key, value] of Object.entries(values)) {
    useModelsStore.getState().setFieldValue(draft.clientId, key, value);
  }
  useModelsStore.getState().promoteDraft(draft.clientId);
  return draft.clientId;
}

function manyFields(count: number) {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`f${index + 10}`, { label: `F${index}` }]),
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('RecordRowBlock', () => {
  it('shows the fields in the order of its ordering table', () => {
    const clientId = savedRecord(
      { b: { label: 'Bravo' }, a: { label: 'Alpha' } },
      { a: '1', b: '2' },
    );
    render(<RecordRowBlock clientId={clientId} ordering={['b', 'a']} />);
    const labels = screen.getAllByRole('term').map((term) => term.textContent);
    expect(labels).toEqual(['Bravo', 'Alpha']);
  });

  it('shows the fields alphabetically and warns when no ordering is set', () => {
    const clientId = savedRecord(
      { b: { label: 'Bravo' }, a: { label: 'Alpha' } },
      { a: '1', b: '2' },
    );
    render(<RecordRowBlock clientId={clientId} />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Alpha', 'Bravo']);
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/no ordering set/));
  });

  it('replaces display values as configured', () => {
    const clientId = savedRecord({ kind: { label: 'Kind' } }, { kind: 'RepairInvoice' });
    render(
      <RecordRowBlock
        clientId={clientId}
        ordering={['kind']}
        displayReplacements={{ kind: { RepairInvoice: 'Repair invoice' } }}
      />,
    );
    expect(screen.getByRole('definition')).toHaveTextContent('Repair invoice');
  });

  it('shows at most 11 fields beside a delete button', () => {
    const clientId = savedRecord(manyFields(12), {});
    expect(() => render(<RecordRowBlock clientId={clientId} ordering={[]} showDelete />)).toThrow(
      'Max number of display fields, 11, exceeded.',
    );
  });

  it('shows at most 12 fields without a button', () => {
    const clientId = savedRecord(manyFields(13), {});
    expect(() => render(<RecordRowBlock clientId={clientId} ordering={[]} />)).toThrow(
      'Max number of display fields, 12, exceeded.',
    );
  });

  it('shows 12 fields when it has no button', () => {
    const clientId = savedRecord(manyFields(12), {});
    render(<RecordRowBlock clientId={clientId} ordering={[]} />);
    expect(screen.getAllByRole('term')).toHaveLength(12);
  });

  it('removes the record from the saved models on delete', async () => {
    const clientId = savedRecord({ shop: { label: 'Shop' } }, { shop: 'Acme' });
    const onDeleted = vi.fn();
    function SavedRecords() {
      const saved = useModelsStore((state) => state.saved);
      return saved.map((model) => (
        <RecordRowBlock
          key={model.clientId}
          clientId={model.clientId}
          ordering={['shop']}
          showDelete
          onDeleted={onDeleted}
        />
      ));
    }
    render(<SavedRecords />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Acme' }));
    expect(useModelsStore.getState().saved).toEqual([]);
    expect(onDeleted).toHaveBeenCalledWith(clientId);
  });

  it('needs the client id of its record', () => {
    savedRecord({ shop: {} }, {});
    expect(() => render(<RecordRowBlock clientId="" />)).toThrow(
      'a record row needs the client id of the record it shows',
    );
  });

  it('fails for a client id no saved record has', () => {
    savedRecord({ shop: {} }, {});
    expect(() => render(<RecordRowBlock clientId="nobody123456" ordering={[]} />)).toThrow(
      'no saved record with client id "nobody123456"',
    );
  });

  it('leaves out fields the record does not need', () => {
    const clientId = savedRecord(
      {
        kind: { label: 'Kind' },
        description: {
          label: 'Description',
          dependencies: [
            { conditions: [{ property: 'kind', comparison: 'IsEqualTo', value: 'Other' }] },
          ],
        },
      },
      { kind: 'Invoice' },
    );
    render(<RecordRowBlock clientId={clientId} ordering={['kind', 'description']} />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Kind']);
  });
});
