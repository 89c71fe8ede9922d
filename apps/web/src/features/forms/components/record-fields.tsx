import type { ComponentProps, ComponentType } from 'react';
import { BLOCKS } from '../blocks/registry';

/**
 * The field blocks a record (a document, a repair) is made of: the page blocks of those names,
 * so the heavier ones (the date picker, the file field) load only with a page whose records
 * have them (the route preloads them, see app/form-page-modules.ts).
 */
const RECORD_FIELD_BLOCKS = {
  Checkbox: BLOCKS.Checkbox,
  Date: BLOCKS.Date,
  File: BLOCKS.File,
  Hidden: BLOCKS.Hidden,
  HybridRadioText: BLOCKS.HybridRadioText,
  Radio: BLOCKS.Radio,
  Select: BLOCKS.Select,
  Text: BLOCKS.Text,
  Textarea: BLOCKS.Textarea,
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
