import type { FormType } from '@claims/core/form-types';
import { useEffect, useState } from 'react';
import { useLocalized } from '../localized-text';
import { useModelsStore } from '../stores/models-store';
import { clearedLabels, useClearedAnswersStore } from './cleared-answers';
import { DRAFTS_TEXT } from './drafts-text';

/**
 * The answers of a resumed draft that today's rules refused (docs/behaviour.md#drafts), named by
 * their labels at the top of the first page of the form that opens; the next page no longer
 * shows them.
 */
export function ClearedAnswersNotice({ formType }: { formType: FormType }) {
  const localize = useLocalized();
  const [fields] = useState(() => {
    const { cleared } = useClearedAnswersStore.getState();
    return cleared?.formType === formType ? cleared.fields : [];
  });
  const configs = useModelsStore((state) => state.remoteConfigs);
  useEffect(() => {
    if (fields.length > 0) useClearedAnswersStore.getState().shown(formType);
  }, [fields, formType]);
  if (fields.length === 0) return null;

  return (
    <div role="status" className="alert alert-warning">
      <p>{localize(DRAFTS_TEXT.cleared)}</p>
      <ul className="mb-0">
        {clearedLabels(formType, fields, configs ?? []).map((label) => (
          <li key={label}>{localize(label)}</li>
        ))}
      </ul>
    </div>
  );
}
