import DOMPurify from 'dompurify';
import type { ElementType } from 'react';

/**
 * Localised copy may carry inline formatting and links (SPEC.md section 5 forbids block
 * tags in it). Anything else a case's content holds is stripped before it reaches the page,
 * so a bad translation cannot inject script.
 */
const ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'br',
  'span',
  'small',
  'sub',
  'sup',
  'abbr',
];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel'];

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  // A linked page must not get a handle on this one (window.opener) or learn the claim URL.
  node.setAttribute('rel', 'noopener noreferrer');
  const target = node.getAttribute('target');
  if (target !== null && target !== '_blank') node.removeAttribute('target');
});

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR });
}

export interface SanitizedHtmlProps {
  html: string;
  /** The element that holds the copy; a span unless the copy is a paragraph of its own. */
  as?: ElementType;
  className?: string;
  id?: string;
}

export function SanitizedHtml({ html, as: Element = 'span', className, id }: SanitizedHtmlProps) {
  return (
    <Element
      id={id}
      className={className}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
