import type { DtoMapping, FormType } from '@claims/core/form-types';
import type { ModelSelector } from '../models/form-model';

/** A list part of the page's form, e.g. { dtoMapping: 'DocumentContexts' }. */
export interface RecordModelSelector {
  dtoMapping: DtoMapping;
  [key: string]: string | number | boolean;
}

export function withFormType(formType: FormType, selector: RecordModelSelector): ModelSelector {
  return { ...selector, formType };
}
