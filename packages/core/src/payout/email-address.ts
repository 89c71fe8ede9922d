import { isEmail } from '../rules/client-rules';
import { accepted, refused, type FieldCheck } from './problems';

/**
 * An e-mail address as typed, trimmed and with its domain lower-cased (domains are
 * case-insensitive; the local part is left as typed, since a mail server may tell its letter
 * cases apart), or `email_invalid`. Judged by the same rule as the pages' email rule.
 */
export function checkEmail(text: string): FieldCheck {
  const address = text.trim();
  if (!isEmail(address)) return refused('email_invalid');
  const at = address.lastIndexOf('@');
  return accepted(`${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`);
}

/**
 * 'j•••@example.com': the first character of the local part and the domain. The rest of the
 * local part is one fixed run of dots, so its length is not shown either; a one-character local
 * part is not shown at all. Text without a local part shows nothing.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  const first = at > 1 ? (address[0] as string) : '';
  return `${first}•••${address.slice(at)}`;
}
