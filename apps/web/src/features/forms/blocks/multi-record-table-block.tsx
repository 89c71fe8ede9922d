import { useContext, useEffect, useId, useMemo, useRef, useState, type FocusEvent } from 'react';
import {
  minimumSavedRecords as minimumForValues,
  type MinimumSavedRecords as JourneyMinimum,
} from '@claims/core/journeys/journey-blocks';
import { formatMessage } from '@claims/core/rules/messages';
import { toCamelCase } from '@claims/core/text/camel-case';
import { focusField } from '../components/error-summary';
import { CompactFieldsContext } from '../components/field-frame';
import { RecordField, type RecordFieldConfig } from '../components/record-fields';
import { RecordListSection } from '../components/record-list-section';
import { withFormType, type RecordModelSelector } from '../components/record-selector';
import { ModelContext, useFormContext } from '../form-context';
import { FORMS_TEXT } from '../forms-text';
import { CheckRegistry, CheckRegistryContext, useCheckRegistry } from '../hooks/page-checks';
import { useLocalized, type LocalizedText } from '../localized-text';
import type { FieldValue, FormModel } from '../models/form-model';
import { useModelsStore } from '../stores/models-store';
import { ButtonBlock } from './button-block';

/** docs/behaviour.md#records: a record table asks for no saved record unless told otherwise. */
export const DEFAULT_MINIMUM_SAVED_RECORDS = 0;

export type MinimumSavedRecords =
  /** A number, or a count while conditions on the page model's values hold (a journey's). */
  | JourneyMinimum
  /** Computed from the page model's values, e.g. one repair when the claimant had repairs. */
  | ((values: Readonly<Record<string, FieldValue>>) => number);

export interface MultiRecordTableBlockProps {
  model: RecordModelSelector;
  columns: readonly RecordFieldConfig[];
  heading: LocalizedText;
  intro?: LocalizedText;
  minimumSavedRecords?: MinimumSavedRecords;
}

interface RowProps {
  model: FormModel;
  number: number;
  columns: readonly RecordFieldConfig[];
  checks: CheckRegistry;
  onDelete(): void;
}

/** The message of a row left unsaved, naming the buttons that save and drop it. */
function useUnsavedRowMessage(): string {
  const localize = useLocalized();
  return formatMessage(localize(FORMS_TEXT.unsavedDraft), {
    save: localize(FORMS_TEXT.saveRow),
    cancel: localize(FORMS_TEXT.cancel),
  });
}

/**
 * The buttons of a row: a draft's Save and Cancel (a draft is also saved when the focus leaves
 * it complete), a saved row's Delete.
 */
function RowActions({
  model,
  checks,
  rowLabel,
  onDelete,
}: {
  model: FormModel;
  checks: CheckRegistry;
  rowLabel: string;
  onDelete(): void;
}) {
  const localize = useLocalized();
  if (model.status !== 'draft') {
    return (
      <ButtonBlock
        icon="trash"
        variant="outline-danger"
        ariaLabel={`${localize(FORMS_TEXT.delete)} ${rowLabel}`}
        onClick={onDelete}
      />
    );
  }
  function save() {
    const first = checks.run()[0];
    if (first) {
      focusField(first.targetId);
      return;
    }
    useModelsStore.getState().promoteDraft(model.clientId);
  }
  return (
    <div className="d-flex flex-wrap gap-2">
      <ButtonBlock
        label={FORMS_TEXT.saveRow}
        ariaLabel={`${localize(FORMS_TEXT.saveRow)} ${rowLabel}`}
        onClick={save}
      />
      <ButtonBlock
        label={FORMS_TEXT.cancel}
        ariaLabel={`${localize(FORMS_TEXT.cancel)} ${rowLabel}`}
        variant="outline-secondary"
        onClick={onDelete}
      />
    </div>
  );
}

function TableRow({ model, number, columns, checks, onDelete }: RowProps) {
  const localize = useLocalized();
  const rowLabel = formatMessage(localize(FORMS_TEXT.row), { number: String(number) });
  const visible = columns.filter((column) => column.component !== 'Hidden');
  const hidden = columns.filter((column) => column.component === 'Hidden');

  // docs/behaviour.md#records: a draft row that loses the focus and validates becomes a saved
  // record.
  function onBlur(event: FocusEvent<HTMLTableRowElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    const store = useModelsStore.getState();
    const current = store.findModel(model.clientId);
    if (current?.status !== 'draft') return;
    if (Object.keys(store.touched[model.clientId] ?? {}).length === 0) return;
    if (checks.run().length === 0) store.promoteDraft(model.clientId);
  }

  return (
    <CheckRegistryContext.Provider value={checks}>
      <tr onBlur={onBlur} data-status={model.status}>
        <th scope="row" className="text-nowrap">
          {rowLabel}
          {hidden.map((column) => (
            <RecordField key={column.props.field} config={column} clientId={model.clientId} />
          ))}
        </th>
        {visible.map((column) => (
          <td key={column.props.field}>
            <RecordField config={column} clientId={model.clientId} />
          </td>
        ))}
        <td className="record-row-actions">
          <RowActions model={model} checks={checks} rowLabel={rowLabel} onDelete={onDelete} />
        </td>
      </tr>
    </CheckRegistryContext.Provider>
  );
}

/**
 * Records entered as the rows of a table, e.g. one repair per row. Rows are kept as they are
 * completed; Next needs the minimum number of saved rows and no unfinished row.
 */
export function MultiRecordTableBlock(props: MultiRecordTableBlockProps) {
  const { columns, heading, intro, minimumSavedRecords = DEFAULT_MINIMUM_SAVED_RECORDS } = props;
  const localize = useLocalized();
  const { formType } = useFormContext();
  const pageClientId = useContext(ModelContext);
  const selector = useMemo(() => withFormType(formType, props.model), [formType, props.model]);
  const config = useModelsStore((state) => state.getRemoteConfig(selector));
  const allSaved = useModelsStore((state) => state.saved);
  const allDrafts = useModelsStore((state) => state.drafts);
  const touched = useModelsStore((state) => state.touched);
  const pageValues = useModelsStore((state) =>
    pageClientId ? state.findModel(pageClientId)?.fields : undefined,
  );
  const saved = allSaved.filter((model) => model.metadataHash === config.metadataHash);
  const drafts = allDrafts.filter((model) => model.metadataHash === config.metadataHash);
  const rows = [...saved, ...drafts];
  const minimum =
    typeof minimumSavedRecords === 'function'
      ? minimumSavedRecords(pageValues ?? {})
      : minimumForValues(minimumSavedRecords, pageValues ?? {});

  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState<string | null>(null);
  const registries = useRef(new Map<string, CheckRegistry>());
  const pageChecks = useCheckRegistry();
  const unsavedRow = useUnsavedRowMessage();

  function checksFor(clientId: string): CheckRegistry {
    let registry = registries.current.get(clientId);
    if (!registry) {
      registry = new CheckRegistry();
      registries.current.set(clientId, registry);
    }
    return registry;
  }

  useEffect(() => {
    const store = useModelsStore.getState();
    const hash = store.getRemoteConfig(selector).metadataHash;
    const has = (models: readonly FormModel[]) =>
      models.some((model) => model.metadataHash === hash);
    if (!has(store.saved) && !has(store.drafts)) store.addDraft(selector);
  }, [selector]);

  const savedIds = saved.map((model) => model.clientId).join(' ');
  const dirtyDraft = drafts.some((model) => Object.keys(touched[model.clientId] ?? {}).length > 0);
  useEffect(
    () =>
      pageChecks.register(`table-${config.metadataHash}`, {
        targetId: headingId,
        label: localize(heading),
        run() {
          let problem: string | null = null;
          for (const clientId of savedIds ? savedIds.split(' ') : []) {
            problem = registries.current.get(clientId)?.run()[0]?.message ?? null;
            if (problem) break;
          }
          if (!problem && dirtyDraft) problem = unsavedRow;
          if (!problem && saved.length < minimum) {
            problem = formatMessage(localize(FORMS_TEXT.minimumRecords), { min: String(minimum) });
          }
          setError(problem);
          return problem;
        },
      }),
    [
      pageChecks,
      config.metadataHash,
      headingId,
      heading,
      localize,
      unsavedRow,
      savedIds,
      dirtyDraft,
      saved.length,
      minimum,
    ],
  );

  function labelOf(key: string): string {
    const field = Object.values(config.fields).find((entry) => toCamelCase(entry.key) === key);
    return field?.label || key;
  }

  function remove(clientId: string) {
    useModelsStore.getState().removeModel(clientId);
    registries.current.delete(clientId);
    headingRef.current?.focus();
  }

  return (
    <RecordListSection
      className="multi-record-table mb-4"
      headingId={headingId}
      headingRef={headingRef}
      heading={localize(heading)}
      error={error}
    >
      {intro && <p>{localize(intro)}</p>}
      <CompactFieldsContext.Provider value>
        <div className="table-responsive record-table-frame">
          <table className="table align-top record-table">
            <thead>
              <tr>
                <td />
                {columns
                  .filter((column) => column.component !== 'Hidden')
                  .map((column) => (
                    <th key={column.props.field} scope="col">
                      {localize(labelOf(column.props.field))}
                    </th>
                  ))}
                <td />
              </tr>
            </thead>
            <tbody>
              {rows.map((model, index) => (
                <TableRow
                  key={model.clientId}
                  model={model}
                  number={index + 1}
                  columns={columns}
                  checks={checksFor(model.clientId)}
                  onDelete={() => remove(model.clientId)}
                />
              ))}
            </tbody>
          </table>
        </div>
      </CompactFieldsContext.Provider>
      <ButtonBlock
        label={FORMS_TEXT.addRow}
        icon="plus"
        variant="outline-primary"
        onClick={() => useModelsStore.getState().addDraft(selector)}
      />
    </RecordListSection>
  );
}
