import { useId, useMemo } from 'react';
import { FieldGroupContext } from '../hooks/page-checks';
import { useLocalized, type LocalizedText } from '../localized-text';
import { CheckboxBlock } from './checkbox-block';

export interface CheckboxGroupBlockProps {
  legend: LocalizedText;
  fields: readonly string[];
  clientId?: string;
}

/**
 * Related checkboxes under one legend, e.g. every problem a claimant noticed. An error of one
 * of its boxes names the question (the legend) in the error summary, whose link leads to the
 * group.
 */
export function CheckboxGroupBlock({ legend, fields, clientId }: CheckboxGroupBlockProps) {
  const localize = useLocalized();
  const legendId = useId();
  const groupId = useId();
  const question = localize(legend);
  const group = useMemo(() => ({ label: question, targetId: groupId }), [question, groupId]);
  return (
    <fieldset id={groupId} tabIndex={-1} className="mb-2 checkbox-group" aria-labelledby={legendId}>
      <legend id={legendId} className="form-label fw-semibold fs-6 mb-1">
        {question}
      </legend>
      <FieldGroupContext.Provider value={group}>
        {fields.map((field) => (
          <CheckboxBlock key={field} field={field} clientId={clientId} />
        ))}
      </FieldGroupContext.Provider>
    </fieldset>
  );
}
