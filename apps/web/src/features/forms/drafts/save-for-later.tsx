import type { FormType } from '@claims/core/form-types';
import { formatMessage } from '@claims/core/rules/messages';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useApplicationStore } from '../../../stores/application-store';
import { useLocalizationStore } from '../../../stores/localization-store';
import { useNavigationStore } from '../../../stores/navigation-store';
import { ButtonBlock } from '../blocks/button-block';
import { useLocalized } from '../localized-text';
import { postFinishLater } from './draft-api';
import { draftOf } from './draft-models';
import { DRAFTS_TEXT } from './drafts-text';

/** One address, as a claimant types it; the server checks it again. */
const EMAIL = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/;

type Outcome = { kind: 'saved'; expires: string; email: string | null } | { kind: 'failed' };

function formatExpiry(iso: string, culture: string): string {
  return new Intl.DateTimeFormat(culture, { dateStyle: 'long' }).format(new Date(iso));
}

/**
 * "Save and finish later" (docs/behaviour.md#drafts): under a form page the session has
 * authorized, a disclosure with an optional e-mail address; saving keeps the answers on the
 * server and, given an address, e-mails a one-time link back to them. The outcome is announced.
 * Closing the panel gives the focus back to its toggle, so a keyboard user is not sent back to
 * the top of the page (docs/behaviour.md#accessibility).
 */
export function SaveForLater({ formType }: { formType: FormType }) {
  const localize = useLocalized();
  const ids = { panel: useId(), email: useId(), hint: useId(), error: useId() };
  const page = useNavigationStore((state) => state.currentPage);
  const authorized = useApplicationStore((state) => state.authorized.forms[formType] === true);
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!authorized || page === null || !page.requiresAuthorization) return null;
  if (page.path.endsWith('/confirmation')) return null;

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const address = email.trim();
    if (address !== '' && !EMAIL.test(address)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const culture = useLocalizationStore.getState().activeCulture;
    try {
      const answer = await postFinishLater(formType, {
        draft: draftOf(formType, page.path),
        email: address === '' ? null : address,
        culture,
      });
      setOutcome(
        answer.body === null
          ? { kind: 'failed' }
          : {
              kind: 'saved',
              expires: formatExpiry(answer.body.expiresAt, culture),
              email: answer.body.emailed ? address : null,
            },
      );
    } catch {
      setOutcome({ kind: 'failed' });
    }
  };

  return (
    <section className="save-for-later mt-4">
      <button
        ref={toggle}
        type="button"
        className="btn btn-link px-0"
        aria-expanded={open}
        aria-controls={ids.panel}
        onClick={() => setOpen((value) => !value)}
      >
        {localize(DRAFTS_TEXT.open)}
      </button>
      <div role="status" className="mt-2">
        {outcome?.kind === 'saved' && (
          <p className="alert alert-success">
            {formatMessage(localize(DRAFTS_TEXT.saved), { expires: outcome.expires })}
            {outcome.email !== null &&
              ` ${formatMessage(localize(DRAFTS_TEXT.emailed), { email: outcome.email })}`}
          </p>
        )}
        {outcome?.kind === 'failed' && (
          <p className="alert alert-danger">{localize(DRAFTS_TEXT.failed)}</p>
        )}
      </div>
      {open && (
        <form
          id={ids.panel}
          className="border rounded p-3"
          noValidate
          onSubmit={(event) => void save(event)}
        >
          <p>{localize(DRAFTS_TEXT.intro)}</p>
          <label className="form-label" htmlFor={ids.email}>
            {localize(DRAFTS_TEXT.emailLabel)}
          </label>
          <p id={ids.hint} className="form-text mt-0">
            {localize(DRAFTS_TEXT.emailHint)}
          </p>
          {invalid && (
            <p id={ids.error} className="invalid-feedback d-block">
              {localize(DRAFTS_TEXT.emailInvalid)}
            </p>
          )}
          <input
            id={ids.email}
            className={`form-control mb-3${invalid ? ' is-invalid' : ''}`}
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${ids.hint} ${ids.error}` : ids.hint}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="d-flex flex-wrap gap-2">
            <ButtonBlock label={DRAFTS_TEXT.save} onClick={() => save()} />
            <ButtonBlock
              label={DRAFTS_TEXT.cancel}
              variant="outline-secondary"
              disableSelf={false}
              onClick={() => {
                toggle.current?.focus();
                setOpen(false);
              }}
            />
          </div>
        </form>
      )}
    </section>
  );
}
