import { useState } from 'react';
import { formatMessage } from '@claims/core/rules/messages';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { useApplicationStore } from '../../../stores/application-store';
import { useFormContext } from '../form-context';
import { FORMS_TEXT } from '../forms-text';
import { useLocalized } from '../localized-text';
import { ButtonBlock } from './button-block';

/** Keeps the code readable when it is inserted into localised HTML copy. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The confirmation of a submitted claim: the reference code the form received, large and
 * copyable, with a way to print the page.
 */
export function ReferenceCodeBlock() {
  const localize = useLocalized();
  const { formType } = useFormContext();
  const code = useApplicationStore((state) => state.formReferenceCodes[formType]);
  const [copied, setCopied] = useState(false);
  if (!code)
    throw new Error(`no reference code for the ${formType} form; the claim was not submitted`);
  return (
    <div className="reference-code text-center my-4">
      <SanitizedHtml
        as="p"
        html={formatMessage(localize(FORMS_TEXT.confirmationCopy), {
          referenceCode: escapeHtml(code),
        })}
      />
      <p className="mb-1 fw-semibold">{localize(FORMS_TEXT.referenceCode)}</p>
      <p className="display-6 fw-bold font-monospace user-select-all">{code}</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center d-print-none">
        <ButtonBlock
          label={FORMS_TEXT.copyCode}
          variant="outline-primary"
          onClick={async () => {
            await navigator.clipboard?.writeText(code);
            setCopied(true);
          }}
        />
        <ButtonBlock
          label={FORMS_TEXT.print}
          variant="outline-secondary"
          onClick={() => window.print()}
        />
      </div>
      <p role="status" className="small mt-2">
        {copied ? localize(FORMS_TEXT.copied) : ''}
      </p>
    </div>
  );
}
