import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { useLocalized, type LocalizedText } from '../localized-text';

export interface CopyBlockProps {
  /**
   * One paragraph per entry; localised copy carries inline HTML only
   * (docs/behaviour.md#localisation).
   */
  copy: readonly LocalizedText[];
  className?: string;
}

export function CopyBlock({ copy, className }: CopyBlockProps) {
  const localize = useLocalized();
  return (
    <div className={['copy-block', className].filter(Boolean).join(' ')}>
      {copy.map((paragraph, index) => (
        <SanitizedHtml key={index} as="p" html={localize(paragraph)} />
      ))}
    </div>
  );
}
