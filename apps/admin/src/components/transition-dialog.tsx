import { MAX_NOTE_LENGTH, type AdminLifecycleSettings } from '@claims/core/admin/admin-api';
import { getTransition, type TransitionName } from '@claims/core/lifecycle/transitions';
import { windowClosesAt } from '@claims/core/lifecycle/windows';
import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from '../lib/api-client';
import { formatDay } from '../lib/format';
import { TRANSITION_LABELS } from '../lib/labels';

export interface TransitionChoice {
  reasonCodes: string[];
  note: string | null;
}

const WINDOW_WORDS = { cure: 'cure the deficiency', appeal: 'appeal the denial' } as const;

/**
 * Asks for what a transition needs before it is made: the reasons from the case's list when
 * the lifecycle table wants them, the note where it is required, and shows the cure-by or
 * appeal-by date the transition will set.
 */
export function TransitionDialog({
  transition,
  actor,
  lifecycle,
  subject,
  onConfirm,
  onClose,
}: {
  transition: TransitionName;
  actor: 'reviewer' | 'supervisor';
  lifecycle: AdminLifecycleSettings;
  /** What the transition is made on: "claim CD3F-7HTW", "3 claims". */
  subject: string;
  /** Makes the transition; a rejection is shown in the dialog, which stays open. */
  onConfirm: (choice: TransitionChoice) => Promise<void>;
  onClose: () => void;
}) {
  const rule = getTransition(transition);
  const label = TRANSITION_LABELS[transition];
  const ids = { title: useId(), note: useId(), reasons: useId() };
  const [reasonCodes, setReasonCodes] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opensAt] = useState(() => new Date());

  const reasons: { code: string; label: string; help: string | null }[] =
    rule.reasons === 'deficiency'
      ? lifecycle.deficiencyReasons.map(({ code, label, whatToSend }) => ({
          code,
          label,
          help: whatToSend,
        }))
      : rule.reasons === 'denial'
        ? lifecycle.denialReasons.map(({ code, label }) => ({ code, label, help: null }))
        : [];
  const reasonsNeeded = rule.reasons !== undefined && rule.defaultsToUncuredReason !== true;
  const noteNeeded = rule.noteRequiredFor.includes(actor);
  const closes =
    rule.opens === undefined
      ? null
      : windowClosesAt(
          opensAt,
          rule.opens === 'cure' ? lifecycle.cureWindowDays : lifecycle.appealWindowDays,
          lifecycle.timeZone,
        );

  function toggle(code: string, checked: boolean) {
    setReasonCodes((codes) =>
      checked ? [...codes, code] : codes.filter((existing) => existing !== code),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reasonsNeeded && reasonCodes.length === 0) {
      setProblem('Choose at least one reason.');
      return;
    }
    const trimmed = note.trim();
    if (noteNeeded && trimmed === '') {
      setProblem('Write a note saying why.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm({ reasonCodes, note: trimmed === '' ? null : trimmed });
    } catch (failure) {
      setProblem(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <Modal show onHide={onClose} aria-labelledby={ids.title} backdrop="static">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title as="h2" id={ids.title} className="h5">
            {label}: {subject}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div role="alert">
            {problem === null ? null : <p className="alert alert-danger">{problem}</p>}
          </div>
          {reasons.length > 0 ? (
            <fieldset className="mb-3">
              <legend className="fs-6 fw-bold">
                {reasonsNeeded ? 'Reasons (choose at least one)' : 'Reasons (optional)'}
              </legend>
              {reasons.map((reason) => {
                const id = `${ids.reasons}-${reason.code}`;
                const { help } = reason;
                return (
                  <div className="form-check" key={reason.code}>
                    <input
                      id={id}
                      className="form-check-input"
                      type="checkbox"
                      checked={reasonCodes.includes(reason.code)}
                      onChange={(event) => toggle(reason.code, event.target.checked)}
                      aria-describedby={help === null ? undefined : `${id}-help`}
                    />
                    <label htmlFor={id} className="form-check-label">
                      {reason.label}
                    </label>
                    {help === null ? null : (
                      <div id={`${id}-help`} className="form-text mt-0">
                        To send: {help}
                      </div>
                    )}
                  </div>
                );
              })}
            </fieldset>
          ) : null}
          {closes === null || rule.opens === undefined ? null : (
            <p>
              The claimant will have until the end of{' '}
              <strong>{formatDay(closes, lifecycle.timeZone)}</strong> ({lifecycle.timeZone}) to{' '}
              {WINDOW_WORDS[rule.opens]}.
            </p>
          )}
          <label htmlFor={ids.note} className="form-label">
            {noteNeeded ? 'Note (required)' : 'Note (optional)'}
          </label>
          <textarea
            id={ids.note}
            className="form-control"
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            required={noteNeeded}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {label}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
