import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatMessage } from '@claims/core/rules/messages';
import { SavedMessage, useSavedMessage } from '../../../components/ui/saved-message';
import { useApplicationStore } from '../../../stores/application-store';
import { focusField } from '../components/error-summary';
import { RecordField, type RecordFieldConfig } from '../components/record-fields';
import { RecordListSection } from '../components/record-list-section';
import { withFormType, type RecordModelSelector } from '../components/record-selector';
import { useFormContext } from '../form-context';
import { FORMS_TEXT } from '../forms-text';
import { CheckRegistry, CheckRegistryContext, useCheckRegistry } from '../hooks/page-checks';
import { useLocalized, type LocalizedText } from '../localized-text';
import type { DisplayReplacements } from '../models/display-value';
import { isFileFieldValue, type FormModel } from '../models/form-model';
import { useModelsStore } from '../stores/models-store';
import { ButtonBlock } from './button-block';
import { RecordRowBlock } from './record-row-block';

export interface MultiRecordManagerBlockProps {
  model: RecordModelSelector;
  fields: readonly RecordFieldConfig[];
  heading: LocalizedText;
  /** At least one saved record and no unfinished record before Next (docs/behaviour.md#records). */
  required?: boolean;
  /** The file field whose name must be unique among the saved records. */
  fileField?: string;
  /** Open a fresh record after each upload. */
  openNewDraftAfterUpload?: boolean;
  displayFields?: readonly string[];
  ordering?: readonly string[];
  displayReplacements?: DisplayReplacements;
}

function fileNameOf(model: FormModel, field: string | undefined): string | null {
  if (!field) return null;
  const value = model.fields[field];
  return isFileFieldValue(value) ? value.name : null;
}

/**
 * Records the claimant adds one by one, e.g. supporting documents (docs/behaviour.md#records): Add
 * More opens a record; Upload checks it and keeps it; Cancel drops it; Delete removes a kept one.
 */
export function MultiRecordManagerBlock(props: MultiRecordManagerBlockProps) {
  const { fields, heading, required = false, openNewDraftAfterUpload = false } = props;
  const localize = useLocalized();
  const { formType } = useFormContext();
  const selector = useMemo(() => withFormType(formType, props.model), [formType, props.model]);
  const config = useModelsStore((state) => state.getRemoteConfig(selector));
  const allSaved = useModelsStore((state) => state.saved);
  const allDrafts = useModelsStore((state) => state.drafts);
  const touched = useModelsStore((state) => state.touched);
  const saved = allSaved.filter((model) => model.metadataHash === config.metadataHash);
  const draft = allDrafts.filter((model) => model.metadataHash === config.metadataHash).at(-1);
  const fileField =
    props.fileField ?? fields.find((field) => field.component === 'File')?.props.field;

  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState<string | null>(null);
  const savedMessage = useSavedMessage();
  const draftClientId = draft?.clientId;
  const draftChecks = useMemo(() => (draftClientId ? new CheckRegistry() : null), [draftClientId]);
  const pageChecks = useCheckRegistry();

  // A first record is open from the start, so the claimant sees what to fill in.
  useEffect(() => {
    const store = useModelsStore.getState();
    const hash = store.getRemoteConfig(selector).metadataHash;
    const has = (models: readonly FormModel[]) =>
      models.some((model) => model.metadataHash === hash);
    if (!has(store.saved) && !has(store.drafts)) store.addDraft(selector);
  }, [selector]);

  const draftIsDirty = draft !== undefined && Object.keys(touched[draft.clientId] ?? {}).length > 0;
  useEffect(
    () =>
      pageChecks.register(`records-${config.metadataHash}`, {
        targetId: headingId,
        label: localize(heading),
        run() {
          let problem: string | null = null;
          if (required && saved.length === 0) problem = localize(FORMS_TEXT.documentationRequired);
          else if (draftIsDirty) {
            // The message names the draft's buttons, which stay beneath it.
            problem = formatMessage(localize(FORMS_TEXT.unsavedDraft), {
              save: localize(FORMS_TEXT.upload),
              cancel: localize(FORMS_TEXT.cancel),
            });
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
      required,
      saved.length,
      draftIsDirty,
    ],
  );

  function addDraft() {
    useModelsStore.getState().addDraft(selector);
    setError(null);
  }

  function upload() {
    if (!draft || !draftChecks) return;
    const issues = draftChecks.run();
    const first = issues[0];
    if (first) {
      focusField(first.targetId);
      return;
    }
    const store = useModelsStore.getState();
    const current = store.getModel(draft.clientId);
    const name = fileNameOf(current, fileField);
    if (name !== null && saved.some((model) => fileNameOf(model, fileField) === name)) {
      // docs/behaviour.md#records: a document already among the saved records is refused in the
      // alert.
      useApplicationStore
        .getState()
        .showError(formatMessage(localize(FORMS_TEXT.fileExists), { name }));
      return;
    }
    store.promoteDraft(draft.clientId);
    setError(null);
    savedMessage.show();
    if (openNewDraftAfterUpload) store.addDraft(selector);
    headingRef.current?.focus();
  }

  function cancel() {
    if (!draft) return;
    useModelsStore.getState().discardDraft(draft.clientId);
    setError(null);
    headingRef.current?.focus();
  }

  return (
    <RecordListSection
      className="multi-record-manager mb-4"
      headingId={headingId}
      headingRef={headingRef}
      heading={localize(heading)}
      error={error}
    >
      <h3 className="h6 text-body-secondary">{localize(FORMS_TEXT.savedRecords)}</h3>
      {saved.length === 0 ? (
        <p>{localize(FORMS_TEXT.noRecords)}</p>
      ) : (
        <div className="mb-3">
          {saved.map((model) => (
            <RecordRowBlock
              key={model.clientId}
              clientId={model.clientId}
              displayFields={props.displayFields}
              ordering={props.ordering ?? fields.map((field) => field.props.field)}
              displayReplacements={props.displayReplacements}
              showDelete
              onDeleted={() => headingRef.current?.focus()}
            />
          ))}
        </div>
      )}
      <SavedMessage visible={savedMessage.visible} />
      {draft && draftChecks ? (
        <CheckRegistryContext.Provider value={draftChecks}>
          <div className="card mb-3 record-draft">
            <div className="card-body">
              <h3 className="h6">{localize(FORMS_TEXT.newRecord)}</h3>
              {fields.map((field) => (
                <RecordField key={field.props.field} config={field} clientId={draft.clientId} />
              ))}
              <div className="d-flex flex-wrap gap-2">
                <ButtonBlock label={FORMS_TEXT.upload} onClick={upload} />
                <ButtonBlock
                  label={FORMS_TEXT.cancel}
                  variant="outline-secondary"
                  onClick={cancel}
                />
              </div>
            </div>
          </div>
        </CheckRegistryContext.Provider>
      ) : (
        <ButtonBlock
          label={FORMS_TEXT.addMore}
          icon="plus"
          variant="outline-primary"
          onClick={addDraft}
        />
      )}
    </RecordListSection>
  );
}
