import type { IconName } from '@fortawesome/fontawesome-svg-core';
import { useId } from 'react';
import { iconDefinition } from './icons';

export interface IconProps {
  icon: IconName;
  className?: string;
  /** Names the icon for screen readers; without it the icon is decorative and hidden. */
  title?: string;
  'aria-hidden'?: boolean | 'true' | 'false';
}

/**
 * One of the registered icons as inline SVG, with the markup and classes Font Awesome gives
 * it (svg-inline--fa fa-<name>), so the themes style it the same way.
 */
export function Icon({ icon, className, title, 'aria-hidden': ariaHidden }: IconProps) {
  const titleId = useId();
  const {
    prefix,
    iconName,
    icon: [width, height, , , pathData],
  } = iconDefinition(icon);
  const named = title !== undefined && title !== '';
  const paths = typeof pathData === 'string' ? [pathData] : pathData;
  return (
    <svg
      data-prefix={prefix}
      data-icon={iconName}
      className={['svg-inline--fa', `fa-${iconName}`, className].filter(Boolean).join(' ')}
      role="img"
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden={named ? ariaHidden : true}
      aria-labelledby={named ? titleId : undefined}
    >
      {named && <title id={titleId}>{title}</title>}
      {paths.map((d, index) => (
        <path key={index} fill="currentColor" d={d} />
      ))}
    </svg>
  );
}
