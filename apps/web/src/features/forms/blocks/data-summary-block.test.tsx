import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNavigationStore } from '../../../stores/navigation-store';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { renderInPage } from '../testing/render-in-page';
import { DataSummaryBlock } from './data-summary-block';

const info = modelConfig('Standard', 'ClaimantInfo', {
  firstName: { label: 'First name' },
  emailAddress: { label: 'Email' },
  confirmEmailAddress: { label: 'Confirm email' },
  country: { kind: 'select', label: 'Country', options: [{ value: 'CA', label: 'Canada' }] },
  state: {
    label: 'State',
    dependencies: [{ conditions: [{ property: 'country', comparison: 'IsEqualTo', value: 'US' }] }],
  },
  channel: { kind: 'hidden' },
  mailingSubDivision: { kind: 'select', label: 'Mailing state' },
});
const documents = modelConfig('Standard', 'DocumentContexts', { documentType: { label: 'Type' } });

function renderSummary() {
  const result = renderInPage(
    <DataSummaryBlock
      sections={[
        {
          title: 'Your details',
          dtoMapping: 'ClaimantInfo',
          editPage: 'claimant-info',
          exclude: ['confirmEmailAddress'],
        },
        { title: 'Documents', dtoMapping: 'DocumentContexts', editPage: 'supporting-documents' },
      ]}
    />,
    [info, documents],
  );
  return result;
}

afterEach(() => {
  useNavigationStore.setState({ skipTo: useNavigationStore.getInitialState().skipTo });
});

describe('DataSummaryBlock', () => {
  it('shows each answer beside its label, choices by their label', () => {
    renderSummary();
    const model = useModelsStore
      .getState()
      .selectModel({ formType: 'Standard', dtoMapping: 'ClaimantInfo' });
    act(() => {
      useModelsStore.getState().setFieldValue(model.clientId, 'firstName', 'Ana');
      useModelsStore.getState().setFieldValue(model.clientId, 'country', 'CA');
    });
    const section = screen.getByRole('region', { name: 'Your details' });
    expect(within(section).getByText('First name').nextSibling).toHaveTextContent('Ana');
    expect(within(section).getByText('Country').nextSibling).toHaveTextContent('Canada');
  });

  it('says when an answer was not given', () => {
    renderSummary();
    const section = screen.getByRole('region', { name: 'Your details' });
    expect(within(section).getByText('Email').nextSibling).toHaveTextContent('Not provided');
  });

  it('leaves out excluded, hidden-kind and dependency-hidden fields', () => {
    renderSummary();
    const section = screen.getByRole('region', { name: 'Your details' });
    expect(within(section).queryByText('Confirm email')).not.toBeInTheDocument();
    expect(within(section).queryByText('State')).not.toBeInTheDocument();
    expect(within(section).queryByText('channel')).not.toBeInTheDocument();
  });

  it('lists the saved records of a list part', () => {
    renderSummary();
    expect(
      within(screen.getByRole('region', { name: 'Documents' })).getByText(
        'Nothing has been added yet.',
      ),
    ).toBeInTheDocument();
  });

  it('links each section to the page that edits it', async () => {
    const skipTo = vi.fn(async () => undefined);
    useNavigationStore.setState({ skipTo });
    renderSummary();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Your details' }));
    expect(skipTo).toHaveBeenCalledWith('claimant-info', { returnHere: true });
  });

  it('names a state by its name rather than its code', () => {
    renderSummary();
    const model = useModelsStore
      .getState()
      .selectModel({ formType: 'Standard', dtoMapping: 'ClaimantInfo' });
    act(() => useModelsStore.getState().setFieldValue(model.clientId, 'mailingSubDivision', 'DC'));
    const section = screen.getByRole('region', { name: 'Your details' });
    expect(within(section).getByText('Mailing state').nextSibling).toHaveTextContent(
      'District of Columbia',
    );
  });
});

describe('DataSummaryBlock and answers the claimant took back', () => {
  function renderRepairs(hadRepairs: string) {
    const result = renderInPage(
      <DataSummaryBlock
        sections={[{ title: 'Repair records', dtoMapping: 'ClaimTransactions' }]}
      />,
      [
        modelConfig('Standard', 'ClaimDetails', { hadRepairs: { label: 'Had repairs' } }),
        modelConfig('Standard', 'ClaimTransactions', { repairShopName: { label: 'Shop' } }),
      ],
    );
    act(() => {
      const store = useModelsStore.getState();
      const details = store.selectModel({ formType: 'Standard', dtoMapping: 'ClaimDetails' });
      store.setFieldValue(details.clientId, 'hadRepairs', hadRepairs);
      const row = store.addDraft({ formType: 'Standard', dtoMapping: 'ClaimTransactions' });
      store.setFieldValue(row.clientId, 'repairShopName', 'Northwind of Pasadena');
      store.promoteDraft(row.clientId);
    });
    return result;
  }

  it('lists the repair records while the claimant says there were repairs', () => {
    renderRepairs('Yes');
    const section = screen.getByRole('region', { name: 'Repair records' });
    expect(within(section).getByText('Northwind of Pasadena')).toBeInTheDocument();
  });

  it('leaves out the repair records once the claimant says there were none', () => {
    renderRepairs('No');
    expect(screen.queryByRole('region', { name: 'Repair records' })).not.toBeInTheDocument();
    expect(screen.queryByText('Northwind of Pasadena')).not.toBeInTheDocument();
  });
});
