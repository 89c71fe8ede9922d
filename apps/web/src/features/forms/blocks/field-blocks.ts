import type { ComponentType } from 'react';
import type { RecordFieldKind, RecordFieldSettings } from '@claims/core/journeys/journey-blocks';
import { lazyComponent } from '../../../components/ui/lazy-component';
import { CheckboxBlock } from './checkbox-block';
import { HiddenBlock } from './hidden-block';
import { HybridRadioTextBlock } from './hybrid-radio-text-block';
import { RadioBlock } from './radio-block';
import { SelectBlock } from './select-block';
import { TextBlock } from './text-block';
import { TextareaBlock } from './textarea-block';

// The date picker and the file field load with the first page that shows them; the router
// preloads a page's blocks (preloadBlocks in ./registry) so the page renders whole.
const DateBlock = lazyComponent(async () => (await import('./date-block')).DateBlock);
const FileBlock = lazyComponent(async () => (await import('./file-block')).FileBlock);

/**
 * The blocks of one field that a record (a document, a repair) is made of, as well as a page.
 * Apart from the registry, so the record blocks draw their fields without importing the
 * registry that loads them.
 */
export const FIELD_BLOCKS = {
  Checkbox: CheckboxBlock,
  Date: DateBlock,
  File: FileBlock,
  Hidden: HiddenBlock,
  HybridRadioText: HybridRadioTextBlock,
  Radio: RadioBlock,
  Select: SelectBlock,
  Text: TextBlock,
  Textarea: TextareaBlock,
} as const satisfies {
  readonly [K in RecordFieldKind]: ComponentType<RecordFieldSettings[K] & { clientId: string }>;
};
