import type { DtoMapping, FormType } from '@claims/core/form-types';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { createClientId } from '@claims/core/ids/client-id';
import { camelCaseKeys, toCamelCase } from '@claims/core/text/camel-case';

/** docs/behaviour.md#documents: a file field keeps the file list plus name, size and type. */
export interface FileFieldValue {
  files: readonly File[];
  name: string;
  size: number;
  /** 'unknown' when the browser reports no type. */
  type: string;
}

export type FieldValue = string | number | boolean | FileFieldValue | null;

export type ModelStatus = 'saved' | 'draft';

/** docs/behaviour.md#models. */
export interface FormModel {
  /** Null until the server has saved the model. */
  id: string | null;
  clientId: string;
  metadata: Readonly<Record<string, string | number | boolean>>;
  metadataHash: string;
  fields: Readonly<Record<string, FieldValue>>;
  status: ModelStatus;
}

/**
 * Selects models (and their configs) by metadata, as pages declare it
 * (docs/behaviour.md#forms-config). Keys beyond formType and dtoMapping tell apart configs of the
 * same part.
 */
export interface ModelSelector {
  formType: FormType;
  dtoMapping: DtoMapping;
  [key: string]: string | number | boolean;
}

export function isFileFieldValue(value: unknown): value is FileFieldValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    'files' in value &&
    Array.isArray((value as FileFieldValue).files)
  );
}

/**
 * A chosen file as a field value; its type is the one its content names when that is known
 * (docs/behaviour.md#documents), else the browser's, else 'unknown'.
 */
export function fileFieldValue(file: File, contentType?: string): FileFieldValue {
  const type = contentType ?? (file.type || 'unknown');
  return { files: [file], name: file.name, size: file.size, type };
}

/** Field keys are camelCase on the client (docs/behaviour.md#models). */
export function fieldKeysOf(config: RemoteModelConfig): string[] {
  return Object.values(config.fields).map((field) => toCamelCase(field.key));
}

export function createModel(config: RemoteModelConfig, status: ModelStatus): FormModel {
  const fields: Record<string, FieldValue> = {};
  for (const key of fieldKeysOf(config)) fields[key] = null;
  return {
    id: null,
    clientId: createClientId(`${config.metadata.dtoMapping}-`),
    metadata: camelCaseKeys(config.metadata),
    metadataHash: config.metadataHash,
    fields,
    status,
  };
}

export function metadataMatches(
  metadata: Readonly<Record<string, unknown>>,
  selector: ModelSelector,
): boolean {
  return Object.entries(selector).every(([key, value]) => metadata[key] === value);
}

export function describeSelector(selector: Readonly<Record<string, unknown>>): string {
  return Object.entries(selector)
    .map(([key, value]) => `${key} "${String(value)}"`)
    .join(', ');
}

/** A value counts as empty when it is null, undefined or a string of blanks only. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && !value.trim());
}
