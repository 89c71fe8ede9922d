import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useApplicationStore } from '../../../stores/application-store';
import { useNavigationStore } from '../../../stores/navigation-store';
import { resetStores } from '../../../stores/testing/reset-stores';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { postFinishLater } from './draft-api';
import { SaveForLater } from './save-for-later';

vi.mock('./draft-api', () => ({ postFinishLater: vi.fn() }));
const mockedPost = vi.mocked(postFinishLater);

const PAGE = '/standard/claim-details';

function onPage(path: string) {
  useNavigationStore.setState({
    activeFormType: 'Standard',
    currentPage: {
      path,
      nextNavTarget: null,
      backNavTarget: null,
      timeoutEnabled: true,
      requiresAuthorization: true,
    },
  });
}

beforeEach(() => {
  resetStores();
  mockedPost.mockReset();
  mockedPost.mockResolvedValue({
    status: 200,
    error: null,
    body: { expiresAt: '2036-06-30T12:00:00Z', emailed: true },
  });
  useModelsStore.getState().loadRemoteConfigs([modelConfig('Standard', 'ClaimantInfo', {})]);
  useApplicationStore.getState().setAuthorized('Standard', true);
  onPage(PAGE);
});

async function openPanel() {
  const user = userEvent.setup();
  render(<SaveForLater formType="Standard" />);
  const toggle = screen.getByRole('button', { name: 'Save and finish later' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return user;
}

describe('SaveForLater', () => {
  it('saves the answers at the page and e-mails the link to the address given', async () => {
    const user = await openPanel();
    await user.type(screen.getByLabelText('E-mail address (optional)'), 'ana@example.org');
    await user.click(screen.getByRole('button', { name: 'Save my answers' }));
    expect(mockedPost).toHaveBeenCalledWith('Standard', {
      draft: { page: PAGE, models: expect.any(Array) as unknown },
      email: 'ana@example.org',
      culture: 'en',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      /saved until June 30, 2036.*We sent a link to ana@example.org/,
    );
  });

  it('refuses an address that is not one, and sends nothing', async () => {
    const user = await openPanel();
    const input = screen.getByLabelText('E-mail address (optional)');
    await user.type(input, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Save my answers' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Enter an e-mail address such as/);
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('says so when the answers could not be saved', async () => {
    mockedPost.mockResolvedValue({ status: 500, error: null, body: null });
    const user = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Save my answers' }));
    expect(await screen.findByRole('status')).toHaveTextContent('could not be saved');
  });

  it('gives the focus back to its toggle when the panel is closed from the keyboard', async () => {
    const user = await openPanel();
    const toggle = screen.getByRole('button', { name: 'Save and finish later' });
    screen.getByRole('button', { name: 'Keep filling in the form' }).focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('is not offered before the form is authorized, nor after filing', () => {
    useApplicationStore.getState().setAuthorized('Standard', false);
    const { rerender } = render(<SaveForLater formType="Standard" />);
    expect(screen.queryByRole('button', { name: 'Save and finish later' })).toBeNull();
    useApplicationStore.getState().setAuthorized('Standard', true);
    onPage('/standard/confirmation');
    rerender(<SaveForLater formType="Standard" />);
    expect(screen.queryByRole('button', { name: 'Save and finish later' })).toBeNull();
  });
});
