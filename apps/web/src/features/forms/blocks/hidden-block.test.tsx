import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApplicationStore } from '../../../stores/application-store';
import { renderWithModel } from '../testing/render-with-model';
import { HiddenBlock } from './hidden-block';

vi.mock('../../../lib/api-client', () => ({
  getSignatureDate: vi.fn(async (culture: string) => ({
    culture,
    date: '2027-03-05',
    display: 'March 5, 2027',
  })),
}));

afterEach(() => {
  useApplicationStore.getState().setSignature(null);
});

describe('HiddenBlock', () => {
  it('shows nothing', () => {
    const { container } = renderWithModel(<HiddenBlock field="channel" />, {
      channel: { kind: 'hidden', defaultValue: 'Online' },
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('keeps its default value', () => {
    const { model } = renderWithModel(<HiddenBlock field="channel" />, {
      channel: { kind: 'hidden', defaultValue: 'Online' },
    });
    expect(model().fields.channel).toBe('Online');
  });

  it('holds its record client id when asked to', () => {
    const { model, clientId } = renderWithModel(
      <HiddenBlock field="claimTransactionId" valueFrom="clientId" />,
      {
        claimTransactionId: { kind: 'hidden' },
      },
    );
    expect(model().fields.claimTransactionId).toBe(clientId);
  });

  it("holds today's signature date from the server", async () => {
    const { model } = renderWithModel(
      <HiddenBlock field="signatureDate" valueFrom="signatureDate" />,
      {
        signatureDate: { kind: 'hidden' },
      },
    );
    await waitFor(() => expect(model().fields.signatureDate).toBe('2027-03-05'));
  });
});
