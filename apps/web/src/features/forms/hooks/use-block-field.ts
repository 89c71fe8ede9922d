import { useContext } from 'react';
import { ModelContext } from '../form-context';
import type { LocalizedText } from '../localized-text';
import {
  useFormField,
  type FieldConfirmation,
  type FormField,
  type UseFormFieldOptions,
} from './use-form-field';

/** What every field block takes from a page config. */
export interface FieldBlockProps {
  /** The field's camelCase key in the model. */
  field: string;
  /** The model; the page's (or the record's) model when absent. */
  clientId?: string;
  /** Help text beneath the label. */
  hint?: LocalizedText;
  /** Record tables validate rows themselves. */
  registerWithPage?: boolean;
  /** A confirmation field that must repeat another field's value. */
  confirms?: FieldConfirmation;
}

/** useFormField for the model a block names, or the one its page or record provides. */
export function useBlockField(
  props: Pick<FieldBlockProps, 'field' | 'clientId' | 'registerWithPage' | 'confirms'>,
  options: Omit<UseFormFieldOptions, 'clientId' | 'registerWithPage' | 'confirms'> = {},
): FormField {
  const contextClientId = useContext(ModelContext);
  const clientId = props.clientId ?? contextClientId;
  if (!clientId) {
    throw new Error(
      `field block "${props.field}" has no model; render it inside a FormPage or give it a clientId`,
    );
  }
  return useFormField(props.field, {
    ...options,
    clientId,
    registerWithPage: props.registerWithPage ?? true,
    confirms: props.confirms,
  });
}

/** The ids that describe an input: its hint and its error. */
export function describedBy(field: FormField, hintId?: string): string | undefined {
  const ids = [hintId, field.error ? field.errorId : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function hintIdOf(field: FormField): string {
  return `${field.id}-hint`;
}
