import { createContext, useContext } from 'react';
import type { FormType } from '@claims/core/form-types';

export interface FormContextValue {
  formType: FormType;
  /** The page's last path segment ('landing', 'claimant-info', ...). */
  page: string;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const value = useContext(FormContext);
  if (!value) throw new Error('a form block was rendered outside a FormPage');
  return value;
}

/** The client id of the model that field blocks edit unless they name another. */
export const ModelContext = createContext<string | null>(null);
