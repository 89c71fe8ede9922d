import { useId, useMemo } from 'react';
import { US_STATES } from '@claims/core/case/address-options';
import { ADDRESS_FIELDS, type SummarySection } from '@claims/core/journeys/journey-blocks';
import { isRecordListOnPath } from '@claims/core/journeys/reachable-path';
import { isFieldHidden } from '@claims/core/rules/engine';
import { toCamelCase } from '@claims/core/text/camel-case';
import { useLocalizationStore } from '../../../stores/localization-store';
import { useNavigationStore } from '../../../stores/navigation-store';
import { countryOptions } from '../data/countries';
import { useFormContext } from '../form-context';
import { FORMS_TEXT } from '../forms-text';
import { useValidationContext } from '../hooks/use-form-field';
import { useLocalized } from '../localized-text';
import { displayValue, type DisplayReplacements } from '../models/display-value';
import { isSingleModelPart, savedValuesResolver, useModelsStore } from '../stores/models-store';
import { RecordRowBlock } from './record-row-block';

/** A section of the claim summary, as a journey gives it, and how its values read. */
export type DataSummarySection = SummarySection & { displayReplacements?: DisplayReplacements };

export interface DataSummaryBlockProps {
  sections: readonly DataSummarySection[];
}

function isShown(section: DataSummarySection, key: string): boolean {
  if (section.only && !section.only.includes(key)) return false;
  return !section.exclude?.includes(key);
}

function EditButton({ page, title }: { page: string; title: string }) {
  const localize = useLocalized();
  const isNavigating = useNavigationStore((state) => state.isNavigating);
  return (
    <button
      type="button"
      className="btn btn-link p-0"
      aria-label={`${localize(FORMS_TEXT.edit)} ${title}`}
      disabled={isNavigating}
      // The page's main button then brings the claimant back here.
      onClick={() => void useNavigationStore.getState().skipTo(page, { returnHere: true })}
    >
      {localize(FORMS_TEXT.edit)}
    </button>
  );
}

function SingleSection({ section, clientId }: { section: DataSummarySection; clientId: string }) {
  const localize = useLocalized();
  const culture = useLocalizationStore((state) => state.activeCulture);
  const blockOptions = useMemo(
    () => ({
      [ADDRESS_FIELDS.country]: countryOptions(culture),
      [ADDRESS_FIELDS.subDivision]: US_STATES,
    }),
    [culture],
  );
  const model = useModelsStore((state) => state.findModel(clientId));
  const getConfigByHash = useModelsStore((state) => state.getConfigByHash);
  const context = useValidationContext(model);
  if (!model) return null;
  const ctx = context();
  const rows = Object.values(getConfigByHash(model.metadataHash).fields)
    .filter((field) => field.kind !== 'hidden' && isShown(section, toCamelCase(field.key)))
    .filter((field) => !isFieldHidden(field, ctx))
    .map((field) => {
      const key = toCamelCase(field.key);
      const text = displayValue(
        field,
        key,
        model.fields[key] ?? null,
        localize,
        section.displayReplacements,
        blockOptions,
      );
      return { key, label: localize(field.label || key), text };
    });
  return (
    <dl className="row mb-0">
      {rows.map((row) => (
        <div key={row.key} className="col-12 row">
          <dt className="col-sm-5 fw-semibold">{row.label}</dt>
          <dd className="col-sm-7 text-break">{row.text || localize(FORMS_TEXT.notProvided)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ListSection({ section }: { section: DataSummarySection }) {
  const localize = useLocalized();
  const { formType } = useFormContext();
  const selector = { formType, dtoMapping: section.dtoMapping };
  const saved = useModelsStore((state) => state.saved);
  const store = useModelsStore.getState();
  const config = store.getRemoteConfig(selector);
  const records = saved.filter((model) => model.metadataHash === config.metadataHash);
  const fields = Object.values(config.fields)
    .filter((field) => field.kind !== 'hidden')
    .map((field) => toCamelCase(field.key))
    .filter((key) => isShown(section, key));
  if (records.length === 0) return <p className="mb-0">{localize(FORMS_TEXT.noRecords)}</p>;
  return (
    <div>
      {records.map((record) => (
        <RecordRowBlock
          key={record.clientId}
          clientId={record.clientId}
          displayFields={fields}
          ordering={fields}
          displayReplacements={section.displayReplacements}
        />
      ))}
    </div>
  );
}

function SummarySection({ section }: { section: DataSummarySection }) {
  const localize = useLocalized();
  const { formType } = useFormContext();
  const headingId = useId();
  const configs = useModelsStore((state) => state.remoteConfigs);
  const saved = useModelsStore((state) => state.saved);
  const config = configs?.find(
    (entry) =>
      entry.metadata.formType === formType && entry.metadata.dtoMapping === section.dtoMapping,
  );
  if (!config) return null;
  const title = localize(section.title);
  const single = isSingleModelPart(section.dtoMapping);
  const model = single
    ? saved.find((entry) => entry.metadataHash === config.metadataHash)
    : undefined;
  if (single && !model) return null;
  // Records on a branch the claimant left (repairs answered No) are not part of the claim.
  if (
    !single &&
    !isRecordListOnPath(
      formType,
      section.dtoMapping,
      savedValuesResolver({ remoteConfigs: configs, saved }, formType),
    )
  ) {
    return null;
  }
  return (
    <section className="data-summary-section card mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-baseline mb-2">
          <h2 id={headingId} className="h5 mb-0">
            {title}
          </h2>
          {section.editPage && <EditButton page={section.editPage} title={title} />}
        </div>
        {model ? (
          <SingleSection section={section} clientId={model.clientId} />
        ) : (
          <ListSection section={section} />
        )}
      </div>
    </section>
  );
}

/** The claim as it will be sent, part by part, each with a link back to its page. */
export function DataSummaryBlock({ sections }: DataSummaryBlockProps) {
  return (
    <div className="data-summary">
      {sections.map((section, index) => (
        <SummarySection key={index} section={section} />
      ))}
    </div>
  );
}
