import { useEffect } from 'react';
import { useBlockField, type FieldBlockProps } from '../hooks/use-block-field';
import { useSignatureDate } from '../hooks/use-signature-date';
import { useModelsStore } from '../stores/models-store';

export interface HiddenBlockProps extends FieldBlockProps {
  /** Where the value comes from when it is not the field's default. */
  valueFrom?: 'signatureDate' | 'clientId';
}

/**
 * A field the claimant does not see: it keeps its default, today's signature date from
 * GET /api/signature-date, or its record's client id.
 */
export function HiddenBlock(props: HiddenBlockProps) {
  const field = useBlockField({ ...props, registerWithPage: false });
  const { valueFrom } = props;
  const signatureDate = useSignatureDate(valueFrom === 'signatureDate')?.date ?? null;
  const wanted =
    valueFrom === 'signatureDate'
      ? signatureDate
      : valueFrom === 'clientId'
        ? field.clientId
        : undefined;

  useEffect(() => {
    if (wanted === undefined || wanted === null || field.value === wanted) return;
    useModelsStore.getState().setFieldValue(field.clientId, field.key, wanted);
  }, [wanted, field.value, field.clientId, field.key]);

  return null;
}
