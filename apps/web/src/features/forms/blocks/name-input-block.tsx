import { TextBlock } from './text-block';

export interface NameInputBlockProps {
  clientId?: string;
  firstField?: string;
  /** false: no middle initial. */
  middleField?: string | false;
  lastField?: string;
}

/** First name, an optional middle initial and last name on one row (SPEC.md section 3). */
export function NameInputBlock({
  clientId,
  firstField = 'firstName',
  middleField = 'middleInitial',
  lastField = 'lastName',
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
