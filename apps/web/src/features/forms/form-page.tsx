import type { FormType } from '@claims/core/form-types';
import { journeyPage, pageOutsideOrder } from '@claims/core/journeys/journeys';
import { useApplicationStore } from '../../stores/application-store';
import { BlockRenderer } from './components/block-renderer';
import { NavigationButtons } from './components/navigation-buttons';
import { PageFrame } from './components/page-frame';
import { PageOutsideOrderView } from './pages/page-outside-order-view';

export interface FormPageProps {
  formType: FormType;
  /** The route's last path segment: 'landing', 'claimant-info', … 'confirmation'. */
  page: string;
}

/** One page of a claim form, rendered from its page config. */
export default function FormPage({ formType, page }: FormPageProps) {
  const payPalEnabled = useApplicationStore((state) => state.payPalSettings.enabled);
  const outside = pageOutsideOrder(formType, page);
  if (outside !== undefined) {
    return <PageOutsideOrderView formType={formType} page={page} config={outside} />;
  }
  const config = journeyPage(formType, page);
  // docs/behaviour.md#payment-election: copy names PayPal only when the case enables it.
  const intro = payPalEnabled && config.introWithPayPal ? config.introWithPayPal : config.intro;
  return (
    <PageFrame
      key={`${formType}/${page}`}
      formType={formType}
      page={page}
      title={config.title}
      intro={intro}
      metadata={config.metadata}
    >
      {config.blocks.map((block, index) => (
        <BlockRenderer key={index} config={block} />
      ))}
      <NavigationButtons {...config.navigation} />
    </PageFrame>
  );
}
