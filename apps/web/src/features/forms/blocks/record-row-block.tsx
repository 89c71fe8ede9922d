import { useEffect, useMemo } from 'react';
import { isFieldHidden } from '@claims/core/rules/engine';
import { logger } from '../../../lib/logger';
import { useValidationContext } from '../hooks/use-form-field';
import { useLocalized } from '../localized-text';
import { displayValue, type DisplayReplacements } from '../models/display-value';
import { useModelsStore } from '../stores/models-store';
import { ButtonBlock } from './button-block';
import { FORMS_TEXT } from '../forms-text';

/** docs/behaviour.md#records: 11 display fields beside an edit or delete button, 12 otherwise. */
export const MAX_FIELDS_WITH_BUTTON = 11;
export const MAX_FIELDS_WITHOUT_BUTTON = 12;

export interface RecordRowBlockProps {
  clientId: string;
  /** The fields shown; all of the record's fields when absent. */
  displayFields?: readonly string[];
  /** The order fields are shown in; alphabetical when absent. */
  ordering?: readonly string[];
  displayReplacements?: DisplayReplacements;
  showDelete?: boolean;
  onEdit?: () => void;
  onDeleted?: (clientId: string) => void;
}

export function orderFields(keys: readonly string[], ordering: readonly string[] | undefined) {
  const alphabetical = [...keys].sort((a, b) => a.localeCompare(b));
  if (!ordering) return alphabetical;
  const rank = (key: string) => {
    const index = ordering.indexOf(key);
    return index === -1 ? ordering.length : index;
  };
  return alphabetical.sort((a, b) => rank(a) - rank(b));
}

/** A saved record shown read-only, one column per field (docs/behaviour.md#records). */
export function RecordRowBlock({
  clientId,
  displayFields,
  ordering,
  displayReplacements,
  showDelete = false,
  onEdit,
  onDeleted,
}: RecordRowBlockProps) {
  const localize = useLocalized();
  const model = useModelsStore((state) =>
    clientId ? state.saved.find((entry) => entry.clientId === clientId) : undefined,
  );
  const getFieldConfig = useModelsStore((state) => state.getFieldConfig);
  const removeModel = useModelsStore((state) => state.removeModel);

  useEffect(() => {
    if (!ordering)
      logger.warn(`no ordering set for record row "${clientId}"; fields are shown alphabetically`);
  }, [ordering, clientId]);

  const context = useValidationContext(model);
  const keys = useMemo(() => {
    const all = orderFields(displayFields ?? (model ? Object.keys(model.fields) : []), ordering);
    if (!model) return all;
    // A field its dependencies hide holds nothing for this record (e.g. a description that
    // only "Other" documents need).
    const ctx = context();
    return all.filter((key) => !isFieldHidden(getFieldConfig(model, key), ctx));
  }, [displayFields, model, ordering, context, getFieldConfig]);

  if (!clientId) throw new Error('a record row needs the client id of the record it shows');
  if (!model) throw new Error(`no saved record with client id "${clientId}"`);
  const hasButton = showDelete || onEdit !== undefined;
  const max = hasButton ? MAX_FIELDS_WITH_BUTTON : MAX_FIELDS_WITHOUT_BUTTON;
  if (keys.length > max) throw new Error(`Max number of display fields, ${max}, exceeded.`);

  const cells = keys.map((key) => {
    const field = getFieldConfig(model, key);
    const value = model.fields[key] ?? null;
    return {
      key,
      label: localize(field.label || key),
      text: displayValue(field, key, value, localize, displayReplacements),
    };
  });
  const name = cells.find((cell) => cell.text)?.text ?? localize(FORMS_TEXT.record);

  return (
    <div
      className="record-row row g-2 align-items-center py-2 border-bottom"
      data-client-id={clientId}
    >
      <dl className="col row row-cols-2 row-cols-md-4 g-2 mb-0">
        {cells.map((cell) => (
          <div key={cell.key} className="col">
            <dt className="small text-body-secondary fw-normal">{cell.label}</dt>
            <dd className="mb-0 text-break">{cell.text || '—'}</dd>
          </div>
        ))}
      </dl>
      {hasButton && (
        <div className="col-1 d-flex flex-column gap-1 align-items-end">
          {onEdit && (
            <ButtonBlock
              icon="pen"
              variant="outline-secondary"
              ariaLabel={`${localize(FORMS_TEXT.edit)} ${name}`}
              onClick={onEdit}
            />
          )}
          {showDelete && (
            <ButtonBlock
              icon="trash"
              variant="outline-danger"
              ariaLabel={`${localize(FORMS_TEXT.delete)} ${name}`}
              onClick={() => {
                removeModel(clientId);
                onDeleted?.(clientId);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
