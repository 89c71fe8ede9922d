import type { ComponentType } from 'react';
import type {
  RecordField as JourneyRecordField,
  RecordFieldKind,
} from '@claims/core/journeys/journey-blocks';
import { FIELD_BLOCKS } from '../blocks/field-blocks';

/**
 * One field of a record (a document, a repair), as a journey names it (@claims/core/journeys).
 * Its block is the page block of that name, so the heavier ones (the date picker, the file
 * field) load only with a page whose records have them (the route preloads them, see
 * app/form-page-modules.ts).
 */
export type RecordFieldConfig = JourneyRecordField;

export function RecordField({ config, clientId }: { config: RecordFieldConfig; clientId: string }) {
  const Block = FIELD_BLOCKS[config.component] as
    (typeof FIELD_BLOCKS)[RecordFieldKind] | undefined;
  if (!Block) {
    throw new Error(
      `unknown record field component "${String(config.component)}"; expected one of ${Object.keys(FIELD_BLOCKS).join(', ')}`,
    );
  }
  // The mapped RecordFieldConfig type ties each component to its props; this is that pairing.
  const Component = Block as unknown as ComponentType<Record<string, unknown>>;
  return <Component {...config.props} clientId={clientId} />;
}

export function recordFieldKey(config: RecordFieldConfig): string {
  return config.props.field;
}
