import { useEffect, useRef, useState } from 'react';
import type { RefusedDocument } from '@claims/core/contract/api';
import { logger } from '../../../lib/logger';
import { FieldFrame } from '../components/field-frame';
import { checkChosenFile, documentRefusalMessage } from '../document-refusal';
import {
  describedBy,
  hintIdOf,
  useBlockField,
  type FieldBlockProps,
} from '../hooks/use-block-field';
import { useLocalized, type LocalizedText } from '../localized-text';
import { fileFieldValue, isFileFieldValue } from '../models/form-model';
import { FORMS_TEXT } from '../forms-text';
import { useModelsStore } from '../stores/models-store';

/** The document types the server stores (it checks the content, not the name). */
export const DEFAULT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export interface FileBlockProps extends FieldBlockProps {
  accept?: string;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Puts the file the field holds back into the input, so the browser's own label ("No file
 * chosen", another file's name) never contradicts what will be sent. Browsers without
 * DataTransfer keep their label; the chosen file's name beside the input still says which.
 */
function showInInput(input: HTMLInputElement, file: File | undefined): void {
  if (typeof DataTransfer !== 'function') return;
  const transfer = new DataTransfer();
  if (file) transfer.items.add(file);
  input.files = transfer.files;
}

/** The documents of the claim other than the one this model holds: saved contexts with a file. */
function otherDocuments(clientId: string): number {
  const { saved, findModel } = useModelsStore.getState();
  const formType = findModel(clientId)?.metadata.formType;
  return saved.filter(
    (model) =>
      model.clientId !== clientId &&
      model.metadata.formType === formType &&
      model.metadata.dtoMapping === 'DocumentContexts' &&
      Object.values(model.fields).some(isFileFieldValue),
  ).length;
}

/**
 * One file per field (docs/behaviour.md#documents). A file is checked the moment it is chosen,
 * with the server's rules (size, number of documents, type by content): a refused file is not
 * kept, and the message names it and says what to choose instead. Clearing the input (Chrome
 * clears it when the file chooser is cancelled) and choosing several files are not supported
 * (docs/behaviour.md#configuration-errors): the input shows the file the field keeps again, the
 * claimant is told why, and the error is logged. To drop a file the claimant picks another one or
 * deletes the record.
 */
export function FileBlock(props: FileBlockProps) {
  const localize = useLocalized();
  const field = useBlockField(props, { validateOn: 'change' });
  const inputRef = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<LocalizedText | null>(null);
  const [refused, setRefused] = useState<RefusedDocument | null>(null);
  if (field.config.dependencies.length > 0) {
    throw new Error(
      `file field "${field.key}" has dependencies; a file field cannot depend on other fields`,
    );
  }
  const chosen = isFileFieldValue(field.value) ? field.value : null;
  const chosenFile = chosen?.files[0];
  const chosenId = `${field.id}-chosen`;
  const noticeId = `${field.id}-notice`;
  const refusalId = `${field.id}-refusal`;
  // Worded when shown, so it follows the language the claimant switches to.
  const refusal = refused ? documentRefusalMessage(localize, refused) : null;

  async function choose(input: HTMLInputElement, file: File): Promise<void> {
    const check = await checkChosenFile(file, otherDocuments(field.clientId));
    if (!check.ok) {
      showInInput(input, chosenFile);
      setRefused({ name: file.name, reason: check.reason });
      return;
    }
    setRefused(null);
    field.change(fileFieldValue(file, check.contentType));
  }

  // An input rendered again (the claimant came back to the page) starts empty.
  useEffect(() => {
    const input = inputRef.current;
    if (input && chosenFile && input.files?.[0] !== chosenFile) showInInput(input, chosenFile);
  }, [chosenFile]);

  return (
    <FieldFrame field={field} hint={props.hint}>
      <input
        ref={inputRef}
        id={field.id}
        name={field.key}
        type="file"
        accept={props.accept ?? DEFAULT_ACCEPT}
        className={`form-control${field.error || refusal ? ' is-invalid' : ''}`}
        disabled={field.disabled}
        aria-required={field.required || undefined}
        aria-invalid={field.error || refusal ? true : undefined}
        aria-describedby={
          [
            describedBy(field, props.hint ? hintIdOf(field) : undefined),
            refusal ? refusalId : undefined,
            chosen ? chosenId : undefined,
            notice ? noticeId : undefined,
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => {
          const input = event.currentTarget;
          const files = input.files;
          const count = files?.length ?? 0;
          if (count === 1) {
            setNotice(null);
            void choose(input, files?.[0] as File);
            return;
          }
          if (count === 0 && !chosenFile) return;
          logger.error(
            count === 0
              ? `clearing the file input of field "${field.key}" is not supported; it keeps "${chosen?.name ?? ''}"`
              : `a file field takes one file; ${count} were selected for field "${field.key}"`,
          );
          showInInput(input, chosenFile);
          setNotice(count === 0 ? FORMS_TEXT.fileKept : FORMS_TEXT.oneFileOnly);
        }}
      />
      <div id={refusalId} role="alert" className={refusal ? 'invalid-feedback d-block' : undefined}>
        {refusal}
      </div>
      {chosen && (
        <div id={chosenId} className="form-text">
          {localize(FORMS_TEXT.selectedFile)} {chosen.name} ({formatSize(chosen.size)})
        </div>
      )}
      <div id={noticeId} aria-live="polite" className={notice ? 'form-text text-body' : undefined}>
        {notice && localize(notice)}
      </div>
    </FieldFrame>
  );
}
