import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authorize } from '../../../lib/api-client';
import { useApplicationStore } from '../../../stores/application-store';
import { prepareDemoCaseWithCaptcha } from '../testing/demo-case-setup';
import LookupPage from './lookup-page';

vi.mock('../../../lib/api-client', () => ({ authorize: vi.fn() }));

const VIN = '1NWAA5CB8KR123456';

beforeEach(() => {
  vi.clearAllMocks();
});

prepareDemoCaseWithCaptcha();

const ELIGIBLE = {
  status: 200,
  body: {
    authorized: true,
    error: null,
    captcha: null,
    prepopulatedData: { Description: 'Your 2019 Northwind Aster is eligible for this settlement.' },
  },
};

async function lookUp() {
  render(
    <MemoryRouter>
      <LookupPage />
    </MemoryRouter>,
  );
  await userEvent.type(
    screen.getByRole('textbox', { name: /^Vehicle identification number/ }),
    VIN,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Look Up' }));
}

describe('LookupPage', () => {
  it('says an eligible vehicle is eligible', async () => {
    vi.mocked(authorize).mockResolvedValue({
      status: 200,
      body: {
        authorized: true,
        error: null,
        captcha: null,
        prepopulatedData: {
          Description: 'Your 2019 Northwind Aster is eligible for this settlement.',
        },
      },
    });
    await lookUp();
    expect(authorize).toHaveBeenCalledWith('Lookup', {
      credentials: { vin: VIN },
      reCaptchaResponse: 'captcha-token',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your 2019 Northwind Aster is eligible for this settlement.',
    );
  });

  it('says an ineligible vehicle is not eligible', async () => {
    vi.mocked(authorize).mockResolvedValue({
      status: 200,
      body: {
        authorized: false,
        error: 'This vehicle is not eligible for this settlement.',
        captcha: null,
        prepopulatedData: null,
      },
    });
    await lookUp();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This vehicle is not eligible for this settlement.',
    );
  });

  it('offers to file a claim for an eligible vehicle, carrying its VIN to the Automotive sign-in', async () => {
    useApplicationStore.setState({ availableFormTypes: ['Automotive', 'Lookup'] });
    vi.mocked(authorize).mockResolvedValue(ELIGIBLE);
    await lookUp();
    expect(screen.getByRole('link', { name: 'File a claim for this vehicle' })).toHaveAttribute(
      'href',
      `/automotive?vin=${VIN}`,
    );
  });

  it('offers no claim for a vehicle when the case has no Automotive form', async () => {
    useApplicationStore.setState({ availableFormTypes: ['Lookup'] });
    vi.mocked(authorize).mockResolvedValue(ELIGIBLE);
    await lookUp();
    expect(screen.queryByRole('link', { name: 'File a claim for this vehicle' })).toBeNull();
  });

  it('checks the VIN before asking the server', async () => {
    render(<LookupPage />);
    await userEvent.type(
      screen.getByRole('textbox', { name: /^Vehicle identification number/ }),
      'ABC',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Look Up' }));
    expect(screen.getByRole('group', { name: /correct the following/ })).toBeInTheDocument();
    expect(authorize).not.toHaveBeenCalled();
  });
});
