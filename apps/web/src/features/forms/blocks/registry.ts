import type { ComponentType } from 'react';
import type { BlockKind, BlockSettings } from '@claims/core/journeys/journey-blocks';
import { lazyComponent, type LazyComponent } from '../../../components/ui/lazy-component';
import { BannerBlock } from './banner-block';
import { ButtonBlock } from './button-block';
import { CaptchaBlock } from './captcha-block';
import { CheckboxGroupBlock } from './checkbox-group-block';
import { CopyBlock } from './copy-block';
import { FeedbackMessageBlock } from './feedback-message-block';
import { FIELD_BLOCKS } from './field-blocks';
import { HeaderBlock } from './header-block';
import { LabelledValueBlock } from './labelled-value-block';
import { NameInputBlock } from './name-input-block';

// Blocks with much code or a library of their own (the record managers, the address lists)
// load with the first page that shows them; the router preloads a page's blocks (preloadBlocks)
// so the page renders whole.
const AddressInputBlock = lazyComponent(
  async () => (await import('./address-input-block')).AddressInputBlock,
);
const DataSummaryBlock = lazyComponent(
  async () => (await import('./data-summary-block')).DataSummaryBlock,
);
const MultiRecordManagerBlock = lazyComponent(
  async () => (await import('./multi-record-manager-block')).MultiRecordManagerBlock,
);
const MultiRecordTableBlock = lazyComponent(
  async () => (await import('./multi-record-table-block')).MultiRecordTableBlock,
);
const PayPalVerificationBlock = lazyComponent(
  async () => (await import('./paypal-verification-block')).PayPalVerificationBlock,
);
const RecordRowBlock = lazyComponent(
  async () => (await import('./record-row-block')).RecordRowBlock,
);
const ReferenceCodeBlock = lazyComponent(
  async () => (await import('./reference-code-block')).ReferenceCodeBlock,
);

/**
 * Every page block, by the component name journeys use (docs/behaviour.md#page-blocks). Each kind
 * of block a journey names (@claims/core/journeys) is drawn by a component that takes its settings.
 */
export const BLOCKS = {
  AddressInput: AddressInputBlock,
  Banner: BannerBlock,
  Button: ButtonBlock,
  Captcha: CaptchaBlock,
  Checkbox: FIELD_BLOCKS.Checkbox,
  CheckboxGroup: CheckboxGroupBlock,
  CopyBlock: CopyBlock,
  DataSummary: DataSummaryBlock,
  Date: FIELD_BLOCKS.Date,
  FeedbackMessage: FeedbackMessageBlock,
  File: FIELD_BLOCKS.File,
  Header: HeaderBlock,
  Hidden: FIELD_BLOCKS.Hidden,
  HybridRadioText: FIELD_BLOCKS.HybridRadioText,
  LabelledValue: LabelledValueBlock,
  MultiRecordManager: MultiRecordManagerBlock,
  MultiRecordTable: MultiRecordTableBlock,
  NameInput: NameInputBlock,
  PayPalVerification: PayPalVerificationBlock,
  Radio: FIELD_BLOCKS.Radio,
  RecordRow: RecordRowBlock,
  ReferenceCode: ReferenceCodeBlock,
  Select: FIELD_BLOCKS.Select,
  Text: FIELD_BLOCKS.Text,
  Textarea: FIELD_BLOCKS.Textarea,
} as const satisfies { readonly [K in BlockKind]: ComponentType<BlockSettings[K]> } & Readonly<
  Record<string, unknown>
>;

export type BlockName = keyof typeof BLOCKS;

/** The component of a block name; an unknown name fails with the known ones. */
export function getBlock(name: string): ComponentType<Record<string, unknown>> {
  if (!Object.hasOwn(BLOCKS, name)) {
    throw new Error(
      `unknown page block component "${name}"; expected one of ${Object.keys(BLOCKS).join(', ')}`,
    );
  }
  return BLOCKS[name as BlockName] as unknown as ComponentType<Record<string, unknown>>;
}

/** Loads the code of the named blocks that load lazily, so a page that shows them renders whole. */
export async function preloadBlocks(names: readonly string[]): Promise<void> {
  await Promise.all(
    names.map((name) => {
      const block = getBlock(name) as Partial<Pick<LazyComponent<object>, 'preload'>>;
      return block.preload?.();
    }),
  );
}
