import { useId } from 'react';
import { useLocalized, type LocalizedText } from '../localized-text';
import { CheckboxBlock } from './checkbox-block';

export interface CheckboxGroupBlockProps {
  legend: LocalizedText;
  fields: readonly string[];
  clientId?: string;
}

/** Related checkboxes under one legend, e.g. every problem a claimant noticed. */
export function CheckboxGroupBlock({ legend, fields, clientId }: CheckboxGroupBlockProps) {
  const localize = useLocalized();
  const legendId = useId();
  return (
    <fieldset className="mb-2 checkbox-group" aria-labelledby={legendId}>
      <legend id={legendId} className="form-label fw-semibold fs-6 mb-1">
        {localize(legend)}
      </legend>
      {fields.map((field) => (
        <CheckboxBlock key={field} field={field} clientId={clientId} />
      ))}
    </fieldset>
  );
}
