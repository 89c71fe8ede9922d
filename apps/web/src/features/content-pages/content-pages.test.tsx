import { toDeadlineSettings } from '@claims/core/deadlines/deadlines';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT, siteFixture } from '../../lib/testing/site-fixture';
import { useApplicationStore } from '../../stores/application-store';
import { useLocalizationStore } from '../../stores/localization-store';
import { useSettingsStore } from '../../stores/settings-store';
import { resetStores } from '../../stores/testing/reset-stores';
import { FaqPage } from './faq-page';
import { FileClaimPage } from './file-claim-page';
import { ImportantDocumentsPage } from './important-documents-page';
import { KeyDatesPage } from './key-dates-page';
import { PrivacyPage, privacySections } from './privacy-page';

function renderPage(page: ReactElement) {
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: page }])} />);
}

function speak(culture: 'en' | 'es') {
  useLocalizationStore.setState({
    activeCulture: culture,
    enabledCultures: { en: 'English', es: 'Español' },
    staticLocalizations: FIXTURE_CONTENT[culture],
  });
  useLocalizationStore.getState().refreshDeadlineKeys();
}

beforeEach(() => {
  resetStores();
  useSettingsStore.getState().setSite(siteFixture());
  useApplicationStore.getState().setDeadlineSettings(
    toDeadlineSettings({
      automotiveFilingDeadline: { deadline: '03/15/2027', timeZone: 'Pacific Standard Time' },
    }),
  );
  speak('en');
});

describe('KeyDatesPage', () => {
  it('lists the deadlines written in English', () => {
    renderPage(<KeyDatesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Key Dates' })).toBeInTheDocument();
    const deadline = screen.getByText('Claim filing deadline').nextElementSibling;
    expect(deadline).toHaveTextContent(/^Monday, March 15, 2027 11:59 PM PDT$/);
  });

  it('lists the deadlines written in Spanish', () => {
    speak('es');
    renderPage(<KeyDatesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Fechas clave' })).toBeInTheDocument();
    const deadline = screen.getByText(
      'Fecha límite para presentar reclamaciones',
    ).nextElementSibling;
    expect(deadline).toHaveTextContent(/^lunes, 15 de marzo de 2027 23:59/);
  });

  it('lists dates written in the copy', () => {
    renderPage(<KeyDatesPage />);
    expect(screen.getByText('Final approval hearing').nextElementSibling).toHaveTextContent(
      'June 1, 2027',
    );
  });
});

describe('FaqPage', () => {
  it('shows each question with its answer', () => {
    renderPage(<FaqPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeInTheDocument();
    const question = screen.getByRole('heading', { level: 2, name: 'Who is a class member?' });
    expect(question.nextElementSibling).toHaveTextContent('Owners of eligible vehicles.');
  });

  it('shows the questions in Spanish', () => {
    speak('es');
    renderPage(<FaqPage />);
    expect(
      screen.getByRole('heading', { level: 2, name: '¿Quién es miembro del grupo?' }),
    ).toBeInTheDocument();
  });
});

describe('ImportantDocumentsPage', () => {
  it('links the documents of the case', () => {
    renderPage(<ImportantDocumentsPage />);
    expect(screen.getByRole('link', { name: 'Long-form notice' })).toHaveAttribute(
      'href',
      '/documents/files/notice.pdf',
    );
  });

  it('leads to the document upload when the case has that form', () => {
    useApplicationStore.getState().setAvailableFormTypes(['DocumentsUpload']);
    renderPage(<ImportantDocumentsPage />);
    const upload = screen.getByRole('region', { name: 'Upload Documents' });
    expect(within(upload).getByRole('link')).toHaveAttribute('href', '/documents-upload');
  });

  it('offers no upload when the case has no such form', () => {
    renderPage(<ImportantDocumentsPage />);
    expect(screen.queryByRole('region', { name: 'Upload Documents' })).not.toBeInTheDocument();
  });
});

describe('FileClaimPage', () => {
  it('offers each journey the case has, leading to its landing page', () => {
    useApplicationStore.getState().setAvailableFormTypes(['Standard', 'Automotive', 'Lookup']);
    renderPage(<FileClaimPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'File a Claim' })).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/automotive', '/standard', '/lookup']);
  });

  it('keeps the culture in the journey links', () => {
    speak('es');
    useApplicationStore.getState().setAvailableFormTypes(['Standard']);
    renderPage(<FileClaimPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Presentar una reclamación' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/standard?culture=es');
  });
});

describe('PrivacyPage', () => {
  const POLICY = {
    en: {
      LocKey_Page_Privacy_Title: 'Privacy Policy',
      LocKey_Page_Privacy_S1_P1: 'This policy explains how we use your information.',
      LocKey_Page_Privacy_S2_Heading: 'What we collect',
      LocKey_Page_Privacy_S2_P1: 'Your name and address.',
      LocKey_Page_Privacy_S2_P2: 'The documents you upload.',
    },
    es: {
      LocKey_Page_Privacy_Title: 'Política de privacidad',
      LocKey_Page_Privacy_S1_P1: 'Esta política explica cómo usamos su información.',
      LocKey_Page_Privacy_S2_Heading: 'Qué recopilamos',
      LocKey_Page_Privacy_S2_P1: 'Su nombre y dirección.',
      LocKey_Page_Privacy_S2_P2: 'Los documentos que carga.',
    },
  };

  function speakPolicy(culture: 'en' | 'es') {
    useLocalizationStore.setState({
      activeCulture: culture,
      staticLocalizations: { ...FIXTURE_CONTENT[culture], ...POLICY[culture] },
    });
  }

  it('shows the title and sections the case content gives', () => {
    speakPolicy('en');
    renderPage(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 2, name: 'What we collect' });
    expect(heading.parentElement).toHaveTextContent(
      'What we collectYour name and address.The documents you upload.',
    );
    expect(screen.getByText('This policy explains how we use your information.')).toBeVisible();
  });

  it('shows the policy in Spanish', () => {
    speakPolicy('es');
    renderPage(<PrivacyPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Política de privacidad' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Qué recopilamos' })).toBeInTheDocument();
  });

  it('ends with how to reach the administrator', () => {
    speakPolicy('en');
    renderPage(<PrivacyPage />);
    expect(
      screen.getByRole('region', { name: 'Contact the Settlement Administrator' }),
    ).toHaveTextContent('info@example-settlement.com');
  });

  it('still says whom to ask when the case gives no policy text', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Contact the Settlement Administrator' }),
    ).toBeInTheDocument();
  });
});

describe('privacySections', () => {
  it('reads numbered sections and paragraphs until the first one missing', () => {
    expect(
      privacySections({
        LocKey_Page_Privacy_S1_P1: 'a',
        LocKey_Page_Privacy_S2_Heading: 'b',
        LocKey_Page_Privacy_S2_P1: 'c',
        LocKey_Page_Privacy_S2_P2: 'd',
        LocKey_Page_Privacy_S2_P4: 'not read: no paragraph 3',
        LocKey_Page_Privacy_S4_P1: 'not read: no section 3',
      }),
    ).toEqual([
      { paragraphKeys: ['LocKey_Page_Privacy_S1_P1'] },
      {
        headingKey: 'LocKey_Page_Privacy_S2_Heading',
        paragraphKeys: ['LocKey_Page_Privacy_S2_P1', 'LocKey_Page_Privacy_S2_P2'],
      },
    ]);
  });
});
