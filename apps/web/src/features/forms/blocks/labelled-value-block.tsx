import type { IconName } from '@fortawesome/fontawesome-svg-core';
import { Icon } from '../../../components/ui/icon';
import { useContext } from 'react';
import { ModelContext } from '../form-context';
import { useSignatureDate } from '../hooks/use-signature-date';
import { useLocalized, type LocalizedText } from '../localized-text';
import { displayValue } from '../models/display-value';
import { useModelsStore } from '../stores/models-store';

export const LABELLED_VALUE_NEEDS_LABEL = 'A labelled value needs a label or an icon.';

export interface LabelledValueBlockProps {
  label?: LocalizedText;
  icon?: IconName;
  /** A text to show; or the value of a field of the page's model; or today's signature date. */
  value?: LocalizedText;
  field?: string;
  valueFrom?: 'signatureDate';
}

/** A read-only value beside its label (or icon), e.g. the date a claim is signed. */
export function LabelledValueBlock({
  label,
  icon,
  value,
  field,
  valueFrom,
}: LabelledValueBlockProps) {
  const localize = useLocalized();
  const clientId = useContext(ModelContext);
  const model = useModelsStore((state) => (clientId ? state.findModel(clientId) : undefined));
  const signature = useSignatureDate(valueFrom === 'signatureDate');
  if (!label && !icon) throw new Error(LABELLED_VALUE_NEEDS_LABEL);
  let text = value === undefined ? '' : localize(value);
  if (valueFrom === 'signatureDate') text = signature?.display ?? '';
  if (field) {
    if (!model)
      throw new Error(`labelled value "${field}" has no model; render it inside a FormPage`);
    const config = useModelsStore.getState().getFieldConfig(model, field);
    text = displayValue(config, field, model.fields[field] ?? null, localize);
  }
  return (
    <p className="labelled-value mb-2">
      {icon && (
        <Icon
          icon={icon}
          className="me-2"
          aria-hidden={label ? true : undefined}
          title={label ? undefined : icon}
        />
      )}
      {label && <span className="fw-semibold me-2">{localize(label)}</span>}
      <span>{text}</span>
    </p>
  );
}
