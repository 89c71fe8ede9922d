import type { ComponentProps, ComponentType } from 'react';
import { CheckboxBlock } from '../blocks/checkbox-block';
import { DateBlock } from '../blocks/date-block';
import { FileBlock } from '../blocks/file-block';
import { HiddenBlock } from '../blocks/hidden-block';
import { HybridRadioTextBlock } from '../blocks/hybrid-radio-text-block';
import { RadioBlock } from '../blocks/radio-block';
import { SelectBlock } from '../blocks/select-block';
import { TextBlock } from '../blocks/text-block';
import { TextareaBlock } from '../blocks/textarea-block';

/** The field blocks a record (a document, a repair) is made of. */
const RECORD_FIELD_BLOCKS = {
  Checkbox: CheckboxBlock,
  Date: DateBlock,
  File: FileBlock,
  Hidden: HiddenBlock,
  HybridRadioText: HybridRadioTextBlock,
  Radio: RadioBlock,
  Select: SelectBlock,
  Text: TextBlock,
  Textarea: TextareaBlock,
} as const;

export type RecordFieldName = keyof typeof RECORD_FIELD_BLOCKS;

export type RecordFieldConfig = {
  [K in RecordFieldName]: {
    component: K;
    props: Omit<ComponentProps<(typeof RECORD_FIELD_BLOCKS)[K]>, 'clientId' | 'registerWithPage'>;
  };
}[RecordFieldName];

export function RecordField({ config, clientId }: { config: RecordFieldConfig; clientId: string }) {
  const Block = RECORD_FIELD_BLOCKS[config.component] as
    (typeof RECORD_FIELD_BLOCKS)[RecordFieldName] | undefined;
  if (!Block) {
    throw new Error(
      `unknown record field component "${String(config.component)}"; expected one of ${Object.keys(RECORD_FIELD_BLOCKS).join(', ')}`,
    );
  }
  // The mapped RecordFieldConfig type ties each component to its props; this is that pairing.
  const Component = Block as unknown as ComponentType<Record<string, unknown>>;
  return <Component {...config.props} clientId={clientId} />;
}

export function recordFieldKey(config: RecordFieldConfig): string {
  return config.props.field;
}
