import { useLocalized, type LocalizedText } from '../localized-text';

export const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export type HeadingTag = (typeof HEADING_TAGS)[number];

export interface HeaderBlockProps {
  text: LocalizedText;
  /** The heading level; the outline of the page depends on it (docs/behaviour.md#page-blocks). */
  tag: HeadingTag;
  /** A Bootstrap heading class when the look differs from the level, e.g. 'h4'. */
  styleAs?: HeadingTag;
  id?: string;
}

export function HeaderBlock({ text, tag, styleAs, id }: HeaderBlockProps) {
  const localize = useLocalized();
  if (!(HEADING_TAGS as readonly string[]).includes(tag)) {
    throw new Error(
      `a header block needs a heading tag; got "${String(tag)}", expected one of ${HEADING_TAGS.join(', ')}`,
    );
  }
  const Tag = tag;
  return (
    <Tag id={id} className={styleAs}>
      {localize(text)}
    </Tag>
  );
}
