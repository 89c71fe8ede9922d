import { useEffect } from 'react';
import type { SignatureDateResponse } from '@claims/core/contract/api';
import { getSignatureDate } from '../../../lib/api-client';
import { ERROR_MESSAGES } from '../../../lib/error-messages';
import { logger } from '../../../lib/logger';
import { useApplicationStore } from '../../../stores/application-store';
import { useLocalizationStore, useText } from '../../../stores/localization-store';

/**
 * Today's date for the signature, in the project's time zone and written for the active
 * culture (GET /api/signature-date). Loaded when a page first needs it and again when the
 * culture changes.
 */
export function useSignatureDate(enabled = true): SignatureDateResponse | null {
  const culture = useLocalizationStore((state) => state.activeCulture);
  const signature = useApplicationStore((state) => state.client.signature);
  const t = useText();
  const loaded = signature?.culture === culture;

  useEffect(() => {
    if (loaded || !enabled) return undefined;
    let current = true;
    getSignatureDate(culture).then(
      (answer) => {
        if (current) useApplicationStore.getState().setSignature(answer);
      },
      (error: unknown) => {
        logger.error('could not load the signature date', error);
        if (current) {
          useApplicationStore
            .getState()
            .showError(t(ERROR_MESSAGES.problem.key, ERROR_MESSAGES.problem.text));
        }
      },
    );
    return () => {
      current = false;
    };
  }, [loaded, enabled, culture, t]);

  return loaded ? signature : null;
}
