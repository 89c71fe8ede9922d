import { useId } from 'react';
import { formatMessage } from '@claims/core/rules/messages';
import { useLocalizationStore } from '../../../stores/localization-store';
import { ButtonBlock } from '../blocks/button-block';
import { useLocalized } from '../localized-text';
import { UPLOAD_TEXT } from './upload-text';
import {
  announcedStep,
  formatBytes,
  percentSent,
  useUploadProgressStore,
} from './upload-progress-store';

/**
 * The progress of a claim's upload while it is under way: a progress bar with the bytes and
 * percentage sent, and a button that cancels it. Screen readers are told politely at each
 * quarter, not at every percent; the bar itself is not a live region.
 */
export function UploadProgress() {
  const localize = useLocalized();
  const labelId = useId();
  const culture = useLocalizationStore((state) => state.activeCulture);
  const { active, loaded, total } = useUploadProgressStore();
  const percent = percentSent(loaded, total);
  const step = announcedStep(percent);
  return (
    <div className="upload-progress my-3">
      <div role="status" aria-live="polite" className="visually-hidden">
        {active ? formatMessage(localize(UPLOAD_TEXT.announced), { percent: String(step) }) : ''}
      </div>
      {active && (
        <>
          <p id={labelId} className="mb-1 fw-semibold">
            {localize(UPLOAD_TEXT.label)}
          </p>
          <progress className="w-100" aria-labelledby={labelId} max={100} value={percent} />
          <p className="small mb-2" data-testid="upload-progress-text">
            {formatMessage(localize(UPLOAD_TEXT.sent), {
              loaded: formatBytes(loaded, culture),
              total: formatBytes(total, culture),
              percent: String(percent),
            })}
          </p>
          <ButtonBlock
            label={UPLOAD_TEXT.cancel}
            variant="outline-danger"
            disableSelf={false}
            onClick={() => useUploadProgressStore.getState().cancel()}
          />
        </>
      )}
    </div>
  );
}
