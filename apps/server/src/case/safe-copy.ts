import sanitizeHtml, { type Attributes, type IOptions } from 'sanitize-html';

/**
 * Localised copy may carry inline formatting and links (docs/behaviour.md#localisation forbids
 * block tags in it). Anything else is stripped once, when the case loads, so the browser shows
 * the copy as it comes and a bad translation cannot inject script.
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
const ALLOWED_ATTRIBUTES = ['href', 'title', 'target', 'rel'];

/** Elements removed with everything inside them; any other refused element leaves its content. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'title',
  'textarea',
  'select',
  'object',
  'embed',
  'audio',
  'video',
  'svg',
  'math',
];

/**
 * Link targets a browser will not run: a scheme of the web, mail or phone, or a relative
 * address. The spaces and control characters browsers ignore in a URL are removed before the
 * check, so 'java\tscript:' is refused like 'javascript:'; an empty target is refused too.
 */
const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** A link keeps only a _blank target and always gets rel="noopener noreferrer". */
function linkAttributes(tagName: string, attribs: Attributes) {
  const kept = Object.entries(attribs).filter(
    ([name, value]) => name !== 'rel' && (name !== 'target' || value === '_blank'),
  );
  // A linked page must not get a handle on this one (window.opener) or learn the claim URL.
  return { tagName, attribs: { ...Object.fromEntries(kept), rel: 'noopener noreferrer' } };
}

const CLEANING: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { '*': ALLOWED_ATTRIBUTES },
  nonTextTags: DROPPED_WITH_CONTENT,
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: true,
  nonBooleanAttributes: ['href'], // other attributes may be empty, as written
  transformTags: { a: linkAttributes },
};

/** Every tag, attribute and link kept: the copy as parsed, only written out again. */
const AS_PARSED: IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  allowedSchemesAppliedToAttributes: [],
  nonBooleanAttributes: [],
  parseStyleAttributes: false, // a style attribute stays as written, to be seen and removed
};

/**
 * Markup the parser drops without a trace (comments, doctypes, processing instructions, bogus
 * end tags): copy holding it always needs cleaning.
 */
const SILENTLY_DROPPED = /<(?:[!?]|\/[^a-z>])/i;

/**
 * The copy with only the inline tags and attributes above, links given rel="noopener
 * noreferrer" and no target but _blank. Copy that needs no change comes back exactly as written,
 * so text shown as plain text (titles, labels) keeps its characters: the cleaned copy is
 * compared with the copy as parsed and written out again, which differs from the original only
 * in how entities and quotes are spelled.
 */
export function sanitizeCopy(copy: string): string {
  if (!copy.includes('<') && !copy.includes('&')) return copy;
  const cleaned = sanitizeHtml(copy, CLEANING);
  if (SILENTLY_DROPPED.test(copy)) return cleaned;
  return cleaned === sanitizeHtml(copy, AS_PARSED) ? copy : cleaned;
}

/** Every culture's copy, sanitised (docs/behaviour.md#localisation). */
export function sanitizeContent(
  content: Readonly<Record<string, Readonly<Record<string, string>>>>,
): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(content).map(([culture, entries]) => [
      culture,
      Object.fromEntries(Object.entries(entries).map(([key, copy]) => [key, sanitizeCopy(copy)])),
    ]),
  );
}
