import { formatMessage } from '@claims/core/rules/messages';
import type { ClaimsCase } from '../case/claims-case';

/** The sender: MAIL_FROM's address, and its display name when it gives one. */
export interface MailFrom {
  address: string;
  name?: string | undefined;
}

/** `claims@example.org` or `Claims Desk <claims@example.org>` (the name may be quoted). */
const MAIL_FROM =
  /^(?:"?([^"<>]*?)"?\s*<([^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)>|([^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+))$/;

/** MAIL_FROM as an address and an optional display name; undefined when it is not one. */
export function parseMailFrom(value: string): MailFrom | undefined {
  const match = MAIL_FROM.exec(value.trim());
  if (match === null) return undefined;
  const name = match[1]?.trim();
  return {
    address: (match[2] ?? match[3]) as string,
    ...(name === undefined || name === '' ? {} : { name }),
  };
}

/** A message ready to send, in the claimant's culture. */
export interface ComposedEmail {
  from: { address: string; name: string };
  to: string;
  culture: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * What to send: `template` names the case's copy, `LocKey_Email_<template>_Subject` and
 * `LocKey_Email_<template>_Body`, whose {placeholders} `params` fill.
 */
export interface EmailRequest {
  template: string;
  to: string;
  culture: string;
  params?: Readonly<Record<string, string>>;
}

const TEMPLATE_NAME = /^[A-Za-z0-9]+$/;
/** One address, without display name or list: what a claimant types into an e-mail field. */
const RECIPIENT = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
}

/**
 * The HTML part, built from the text part: every character escaped (the copy and the values
 * filled into it alike, so neither can inject markup), blank lines as paragraphs, line breaks
 * kept.
 */
export function htmlFromText(text: string, subject: string, culture: string): string {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>\n')}</p>`);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(culture)}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body>',
    ...paragraphs,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The message of `request` from the case's copy in its culture (else the case's default). */
export function composeEmail(
  claimsCase: ClaimsCase,
  from: MailFrom,
  request: EmailRequest,
): ComposedEmail {
  if (!TEMPLATE_NAME.test(request.template)) {
    throw new Error(`e-mail template "${request.template}" must be letters and digits only`);
  }
  if (!RECIPIENT.test(request.to)) {
    throw new Error(`"${request.to}" is not one e-mail address`);
  }
  const culture = claimsCase.enabledCulture(request.culture) ?? claimsCase.defaultCulture;
  const copy = (part: 'Subject' | 'Body') => {
    const key = `LocKey_Email_${request.template}_${part}`;
    const text = claimsCase.text(culture, key);
    if (text === undefined) {
      throw new Error(
        `the case has no copy for ${key} in "${culture}" nor in its default culture "${claimsCase.defaultCulture}"`,
      );
    }
    return formatMessage(text, request.params ?? {});
  };
  // One line: a header cannot carry a line break.
  const subject = copy('Subject').replace(/\s+/g, ' ').trim();
  const text = copy('Body').replace(/\r\n/g, '\n');
  const name = from.name ?? claimsCase.text(culture, 'LocKey_Case_ProjectTitle') ?? '';
  return {
    from: { address: from.address, name },
    to: request.to,
    culture,
    subject,
    text,
    html: htmlFromText(text, subject, culture),
  };
}
