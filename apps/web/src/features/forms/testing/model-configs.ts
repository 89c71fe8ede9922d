import { remoteModelConfigSchema, type RemoteModelConfig } from '@claims/core/case/field-config';
import type { DtoMapping, FormType } from '@claims/core/form-types';

/** A remote model config as GET /api/forms/config gives it, with the schema's defaults. */
export function modelConfig(
  formType: FormType,
  dtoMapping: DtoMapping,
  fields: Record<string, Record<string, unknown>>,
  extraMetadata: Record<string, string> = {},
): RemoteModelConfig {
  return remoteModelConfigSchema.parse({
    metadataHash: `${formType}-${dtoMapping}-${Object.values(extraMetadata).join('-')}`,
    metadata: { formType, dtoMapping, ...extraMetadata },
    fields: Object.fromEntries(
      Object.entries(fields).map(([key, field]) => [key, { key, ...field }]),
    ),
  });
}
