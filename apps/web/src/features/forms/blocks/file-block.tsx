import { FieldFrame } from '../components/field-frame';
import {
  describedBy,
  hintIdOf,
  useBlockField,
  type FieldBlockProps,
} from '../hooks/use-block-field';
import { useLocalized } from '../localized-text';
import { fileFieldValue, isFileFieldValue } from '../models/form-model';
import { FORMS_TEXT } from '../forms-text';

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
 * One file per field (SPEC.md section 5). Picking nothing keeps the file already chosen:
 * clearing a file input is not supported, the claimant picks another file or deletes the
 * record instead.
 */
export function FileBlock(props: FileBlockProps) {
  const localize = useLocalized();
  const field = useBlockField(props, { validateOn: 'change' });
  if (field.config.dependencies.length > 0) {
    throw new Error(
      `file field "${field.key}" has dependencies; a file field cannot depend on other fields`,
    );
  }
  const chosen = isFileFieldValue(field.value) ? field.value : null;
  const chosenId = `${field.id}-chosen`;
  return (
    <FieldFrame field={field} hint={props.hint}>
      <input
        id={field.id}
        name={field.key}
        type="file"
        accept={props.accept ?? DEFAULT_ACCEPT}
        className={`form-control${field.error ? ' is-invalid' : ''}`}
        disabled={field.disabled}
        aria-required={field.required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={
          [
            describedBy(field, props.hint ? hintIdOf(field) : undefined),
            chosen ? chosenId : undefined,
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => {
          const files = event.target.files;
          if (!files || files.length === 0) return;
          if (files.length > 1) {
            throw new Error(`a file field takes one file; ${files.length} were selected`);
          }
          field.change(fileFieldValue(files[0] as File));
        }}
      />
      {chosen && (
        <div id={chosenId} className="form-text">
          {localize(FORMS_TEXT.selectedFile)} {chosen.name} ({formatSize(chosen.size)})
        </div>
      )}
    </FieldFrame>
  );
}
