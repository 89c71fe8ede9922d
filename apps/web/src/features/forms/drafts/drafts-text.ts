import type { MessageText } from '@claims/core/rules/messages';

function text(key: string, english: string): MessageText {
  return { key, text: english };
}

/** The texts of save and finish later (docs/behaviour.md#drafts), with their English fallback. */
export const DRAFTS_TEXT = {
  open: text('LocKey_Drafts_SaveAndFinishLater', 'Save and finish later'),
  intro: text(
    'LocKey_Drafts_Intro',
    'Your answers are kept so you can come back to this form. Sign in again with the same details to continue where you left off. Documents you chose are not kept: attach them again before you submit.',
  ),
  emailLabel: text('LocKey_Drafts_EmailLabel', 'E-mail address (optional)'),
  emailHint: text(
    'LocKey_Drafts_EmailHint',
    'We send a link that takes you back to your answers. It works once, for 24 hours.',
  ),
  save: text('LocKey_Drafts_Save', 'Save my answers'),
  cancel: text('LocKey_Drafts_Cancel', 'Keep filling in the form'),
  saved: text(
    'LocKey_Drafts_Saved',
    'Your answers are saved until {expires}. To continue, sign in again with the same details.',
  ),
  emailed: text('LocKey_Drafts_Emailed', 'We sent a link to {email}. It works once, for 24 hours.'),
  failed: text(
    'LocKey_Drafts_Failed',
    'Your answers could not be saved. Check your connection and try again.',
  ),
  emailInvalid: text(
    'LocKey_Drafts_EmailInvalid',
    'Enter an e-mail address such as name@example.com, or leave it empty.',
  ),
  /** Above the labels of the answers a resumed draft lost. */
  cleared: text(
    'LocKey_Drafts_Cleared',
    'Some answers you gave before could not be kept and were cleared. Please answer these questions again:',
  ),
} as const;
