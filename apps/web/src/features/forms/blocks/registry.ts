import type { ComponentProps, ComponentType } from 'react';
import { evaluateConditions } from '@claims/core/rules/conditions';
import type { Condition } from '@claims/core/rules/rule-config';
import { lazyComponent, type LazyComponent } from '../../../components/ui/lazy-component';
import { BannerBlock } from './banner-block';
import { ButtonBlock } from './button-block';
import { CaptchaBlock } from './captcha-block';
import { CheckboxBlock } from './checkbox-block';
import { CheckboxGroupBlock } from './checkbox-group-block';
import { CopyBlock } from './copy-block';
import { FeedbackMessageBlock } from './feedback-message-block';
import { HeaderBlock } from './header-block';
import { HiddenBlock } from './hidden-block';
import { HybridRadioTextBlock } from './hybrid-radio-text-block';
import { LabelledValueBlock } from './labelled-value-block';
import { NameInputBlock } from './name-input-block';
import { RadioBlock } from './radio-block';
import { SelectBlock } from './select-block';
import { TextBlock } from './text-block';
import { TextareaBlock } from './textarea-block';

// Blocks with much code or a library of their own (the date picker, the record managers, the
// address lists) load with the first page that shows them; the router preloads a page's blocks
// (preloadBlocks) so the page renders whole.
const AddressInputBlock = lazyComponent(
  async () => (await import('./address-input-block')).AddressInputBlock,
);
const DataSummaryBlock = lazyComponent(
  async () => (await import('./data-summary-block')).DataSummaryBlock,
);
const DateBlock = lazyComponent(async () => (await import('./date-block')).DateBlock);
const FileBlock = lazyComponent(async () => (await import('./file-block')).FileBlock);
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

/** Every page block, by the component name page configs use (SPEC.md section 2). */
export const BLOCKS = {
  AddressInput: AddressInputBlock,
  Banner: BannerBlock,
  Button: ButtonBlock,
  Captcha: CaptchaBlock,
  Checkbox: CheckboxBlock,
  CheckboxGroup: CheckboxGroupBlock,
  CopyBlock: CopyBlock,
  DataSummary: DataSummaryBlock,
  Date: DateBlock,
  FeedbackMessage: FeedbackMessageBlock,
  File: FileBlock,
  Header: HeaderBlock,
  Hidden: HiddenBlock,
  HybridRadioText: HybridRadioTextBlock,
  LabelledValue: LabelledValueBlock,
  MultiRecordManager: MultiRecordManagerBlock,
  MultiRecordTable: MultiRecordTableBlock,
  NameInput: NameInputBlock,
  PayPalVerification: PayPalVerificationBlock,
  Radio: RadioBlock,
  RecordRow: RecordRowBlock,
  ReferenceCode: ReferenceCodeBlock,
  Select: SelectBlock,
  Text: TextBlock,
  Textarea: TextareaBlock,
} as const;

export type BlockName = keyof typeof BLOCKS;

/** Shows a block only while these conditions on the page model's values hold. */
export interface BlockVisibility {
  operator?: 'And' | 'Or';
  conditions: readonly Condition[];
}

/** Whether a block with these visibility conditions shows for the page model's values. */
export function isBlockVisible(
  visibility: BlockVisibility | undefined,
  values: Readonly<Record<string, unknown>>,
): boolean {
  return (
    visibility === undefined ||
    evaluateConditions(visibility.conditions, visibility.operator ?? 'And', values)
  );
}

/** One block of a page config: its component name and that component's props. */
export type BlockConfig = {
  [K in BlockName]: {
    component: K;
    props: ComponentProps<(typeof BLOCKS)[K]>;
    visibleWhen?: BlockVisibility;
  };
}[BlockName];

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
