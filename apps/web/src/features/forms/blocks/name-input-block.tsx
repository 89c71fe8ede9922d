import { NAME_FIELDS } from '@claims/core/journeys/journey-blocks';
import { TextBlock } from './text-block';

export interface NameInputBlockProps {
  clientId?: string;
  firstField?: string;
  /** false: no middle initial. */
  middleField?: string | false;
  lastField?: string;
}

/**
 * First name, an optional middle initial and last name on one row
 * (docs/behaviour.md#name-and-contact).
 */
export function NameInputBlock({
  clientId,
  firstField = NAME_FIELDS.first,
  middleField = NAME_FIELDS.middle,
  lastField = NAME_FIELDS.last,
}: NameInputBlockProps) {
  return (
    <div className="row g-3 name-input">
      <TextBlock
        className="col-md-5"
        clientId={clientId}
        field={firstField}
        autoComplete="given-name"
      />
      {middleField !== false && (
        <TextBlock
          className="col-md-2"
          clientId={clientId}
          field={middleField}
          autoComplete="additional-name"
        />
      )}
      <TextBlock
        className="col-md-5"
        clientId={clientId}
        field={lastField}
        autoComplete="family-name"
      />
    </div>
  );
}
