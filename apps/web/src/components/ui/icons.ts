import type { IconDefinition, IconName } from '@fortawesome/fontawesome-svg-core';
import {
  faCheck,
  faChevronDown,
  faCircleInfo,
  faEnvelope,
  faGlobe,
  faLocationDot,
  faPaperPlane,
  faPen,
  faPhone,
  faPlus,
  faTrash,
  faUserSecret,
  faX,
} from '@fortawesome/free-solid-svg-icons';

/**
 * The thirteen icons of docs/behaviour.md#constants, and no others: only these end up in the
 * bundle. Components name them by icon name, e.g. <Icon icon="trash" />. They are drawn from Font
 * Awesome's icon data as inline SVG, without Font Awesome's runtime (its library, DOM watcher
 * and injected stylesheet weigh more than all thirteen icons together).
 */
export const REGISTERED_ICONS: readonly IconDefinition[] = [
  faTrash,
  faUserSecret,
  faEnvelope,
  faPhone,
  faPaperPlane,
  faPen,
  faPlus,
  faCheck,
  faCircleInfo,
  faLocationDot,
  faChevronDown,
  faGlobe,
  faX,
];

const BY_NAME: ReadonlyMap<string, IconDefinition> = new Map(
  REGISTERED_ICONS.map((definition) => [definition.iconName, definition]),
);

/** The registered icon of a name; any other name fails with the names that exist. */
export function iconDefinition(name: IconName): IconDefinition {
  const definition = BY_NAME.get(name);
  if (definition === undefined) {
    throw new Error(
      `unknown icon "${name}"; expected one of ${[...BY_NAME.keys()].sort().join(', ')}`,
    );
  }
  return definition;
}
