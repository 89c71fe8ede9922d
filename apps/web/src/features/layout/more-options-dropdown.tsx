import { useLayoutEffect, type RefObject } from 'react';
import NavbarContext from 'react-bootstrap/NavbarContext';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router';

export interface MoreOptionsItem {
  key: string;
  label: string;
  to: string;
}

export interface MoreOptionsDropdownProps {
  id: string;
  title: string;
  className: string;
  items: readonly MoreOptionsItem[];
  /** Opens at once: the claimant asked for the menu before this module had loaded. */
  defaultShow: boolean;
  /** Whether the stand-in toggle this replaces had the focus, which the real toggle takes over. */
  focusedRef: RefObject<boolean>;
}

/**
 * react-bootstrap lays a dropdown out statically in a navbar instead of positioning it with
 * Popper; the header is a plain Bootstrap navbar, so it says it is one through this context.
 */
const NAVBAR_CONTEXT = { bsPrefix: 'navbar', expand: 'xl', expanded: false, onToggle: () => {} };

/** The header's dropdown of SPEC.md section 2 (react-bootstrap's NavDropdown). */
export default function MoreOptionsDropdown({
  id,
  title,
  className,
  items,
  defaultShow,
  focusedRef,
}: MoreOptionsDropdownProps) {
  useLayoutEffect(() => {
    if (focusedRef.current) document.getElementById(id)?.focus();
  }, [focusedRef, id]);
  return (
    <NavbarContext.Provider value={NAVBAR_CONTEXT}>
      <NavDropdown title={title} id={id} className={className} defaultShow={defaultShow}>
        {items.map((item) => (
          <NavDropdown.Item key={item.key} as={Link} to={item.to}>
            {item.label}
          </NavDropdown.Item>
        ))}
      </NavDropdown>
    </NavbarContext.Provider>
  );
}
