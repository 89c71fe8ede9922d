import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import type { FormType } from '@claims/core/form-types';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { ClearedAnswersNotice } from '../drafts/cleared-answers-notice';
import { FormContext, ModelContext } from '../form-context';
import {
  CheckRegistry,
  CheckRegistryContext,
  CheckRoundContext,
  type PageIssue,
} from '../hooks/page-checks';
import { useLocalized, type LocalizedText } from '../localized-text';
import type { ModelSelector } from '../models/form-model';
import { PageActionsContext } from '../page-context';
import { useModelsStore } from '../stores/models-store';
import { ErrorSummary } from './error-summary';
import { StepIndicator, useStep } from './step-indicator';

export interface PageFrameProps {
  formType: FormType;
  page: string;
  title: LocalizedText;
  intro?: readonly LocalizedText[];
  /** The model the page edits. */
  metadata: ModelSelector | null;
  children: ReactNode;
}

/**
 * What every form page shares: its heading with the step it is of the claim, the answers a
 * resumed draft lost, the error summary of a failed Next, its copy, and the contexts its blocks
 * read (form, model, the page's checks and how many times Next has checked them, the page's
 * actions).
 */
export function PageFrame({ formType, page, title, intro, metadata, children }: PageFrameProps) {
  const localize = useLocalized();
  const clientId = useModelsStore((state) =>
    metadata ? state.selectModel(metadata).clientId : null,
  );
  const checks = useMemo(() => new CheckRegistry(), []);
  const [issues, setIssues] = useState<readonly PageIssue[]>([]);
  const [round, setRound] = useState(0);
  const validatePage = useCallback(() => {
    const found = checks.run();
    setIssues(found);
    setRound((previous) => previous + 1);
    return found.length === 0;
  }, [checks]);
  const step = useStep(formType, page);
  const stepId = useId();
  const form = useMemo(() => ({ formType, page }), [formType, page]);
  const actions = useMemo(() => ({ validatePage }), [validatePage]);

  return (
    <FormContext.Provider value={form}>
      <PageActionsContext.Provider value={actions}>
        <CheckRegistryContext.Provider value={checks}>
          <ModelContext.Provider value={clientId}>
            <CheckRoundContext.Provider value={round}>
              <div className="form-page" data-form-type={formType} data-page={page}>
                <hgroup className="mb-3">
                  {step && <StepIndicator id={stepId} step={step} />}
                  <h1 className="mb-0" aria-describedby={step ? stepId : undefined}>
                    {localize(title)}
                  </h1>
                </hgroup>
                <ClearedAnswersNotice formType={formType} />
                {issues.length > 0 && <ErrorSummary issues={issues} />}
                {intro?.map((paragraph, index) => (
                  <SanitizedHtml
                    key={index}
                    as="p"
                    className="lead-copy"
                    html={localize(paragraph)}
                  />
                ))}
                {children}
              </div>
            </CheckRoundContext.Provider>
          </ModelContext.Provider>
        </CheckRegistryContext.Provider>
      </PageActionsContext.Provider>
    </FormContext.Provider>
  );
}
