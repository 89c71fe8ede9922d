import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NAVIGATION, type PageNode } from '@claims/core/navigation/navigation';
import { useApplicationStore } from '../../../stores/application-store';
import { useLocalizationStore } from '../../../stores/localization-store';
import { useNavigationStore } from '../../../stores/navigation-store';
import FormPage from '../form-page';
import { useModelsStore } from '../stores/models-store';
import { demoContent, demoModelConfigs } from '../testing/demo-case';
import { resetModelsStore, TEST_WHITELIST } from '../testing/render-with-model';

function followStandard(nodes: readonly PageNode[] = DEFAULT_NAVIGATION.Standard) {
  useNavigationStore.setState({ activeFormType: 'Standard', initialized: true, nodes });
}

beforeEach(() => {
  resetModelsStore();
  useModelsStore.getState().loadRemoteConfigs(demoModelConfigs());
  useLocalizationStore.setState({ staticLocalizations: { ...demoContent.en } });
  useApplicationStore.setState({ characterWhitelist: TEST_WHITELIST });
});

afterEach(() => {
  useNavigationStore.setState(useNavigationStore.getInitialState());
});

const heading = () => screen.getByRole('heading', { level: 1 });

describe('PageFrame', () => {
  it('describes the heading with the step the page is of the claim', () => {
    followStandard();
    render(<FormPage formType="Standard" page="claim-details" />);
    expect(heading()).toHaveAccessibleDescription('Step 2 of 5');
  });

  it('shows the step in the culture of the page', () => {
    followStandard();
    useLocalizationStore.setState({ staticLocalizations: { ...demoContent.es } });
    render(<FormPage formType="Standard" page="claim-details" />);
    expect(screen.getByText('Paso 2 de 5')).toBeInTheDocument();
  });

  it('counts and numbers the steps without a page its skip rule passes over', () => {
    followStandard(
      DEFAULT_NAVIGATION.Standard.map((node) =>
        node.path.endsWith('/payment-election') ? { ...node, skip: () => true } : node,
      ),
    );
    render(<FormPage formType="Standard" page="supporting-documents" />);
    expect(heading()).toHaveAccessibleDescription('Step 3 of 4');
  });

  it('shows no step on the sign-in page', () => {
    followStandard();
    render(<FormPage formType="Standard" page="landing" />);
    expect(screen.queryByText(/^Step \d/)).not.toBeInTheDocument();
  });

  it('names the main button Return to Review on a page opened from the summary', () => {
    followStandard();
    useNavigationStore.setState({ returnTo: '/standard/claim-summary' });
    render(<FormPage formType="Standard" page="claim-details" />);
    expect(screen.getByRole('button', { name: 'Return to Review' })).toBeInTheDocument();
  });

  it('keeps the space of a corrected message until Next checks the page again', async () => {
    render(<FormPage formType="Standard" page="claimant-info" />);
    const next = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(next);
    const email = screen.getByRole('textbox', { name: /^Email address/ });
    await userEvent.type(email, 'claimant@example.com');
    await userEvent.tab();
    const frame = email.closest('.form-field') as HTMLElement;
    expect(frame.querySelector('[data-reserved]')).not.toBeNull();
    await userEvent.click(next);
    expect(frame.querySelector('[data-reserved]')).toBeNull();
  });

  it('names the question of a group of checkboxes in the error summary', async () => {
    render(<FormPage formType="Standard" page="claim-details" />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('group', { name: /correct the following/ });
    expect(
      within(summary).getByRole('link', { name: /^Which of these problems did you notice\?:/ }),
    ).toBeInTheDocument();
  });
});
