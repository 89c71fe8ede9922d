import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';

/**
 * Closes the disclosure when the pointer or the focus goes elsewhere, and on Escape, which
 * hands the focus back to the toggle.
 */
function useDismiss(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      if (!(event.target instanceof Node) || !root.current?.contains(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggle.current?.focus();
    };
    const element = root.current;
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    element?.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      element?.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, root, toggle]);
}

export interface DisclosureMenuProps {
  className: string;
  toggleId?: string;
  toggleClassName: string;
  /** The toggle's content: its name, and any icons (hidden from assistive technology). */
  toggle: ReactNode;
  /** The list's class; while open it also gets `openClassName`. */
  menuClassName: string;
  openClassName?: string;
  /** The list's items, each given the means to close the list when followed. */
  children: (close: () => void) => ReactNode;
}

/**
 * A button that shows and hides a list of links (the disclosure pattern for site navigation):
 * Enter, Space or a click toggles it, ArrowDown opens it at its first link, Escape closes it
 * with the focus back on the button, and it closes when the pointer or the focus goes elsewhere.
 */
export function DisclosureMenu({
  className,
  toggleId,
  toggleClassName,
  toggle,
  menuClassName,
  openClassName,
  children,
}: DisclosureMenuProps) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, button);
  const menuClass = open && openClassName ? `${menuClassName} ${openClassName}` : menuClassName;
  return (
    <div className={className} ref={root}>
      <button
        ref={button}
        id={toggleId}
        type="button"
        className={toggleClassName}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          setOpen(true);
          // The list is shown by this render; its first link takes the focus after it.
          requestAnimationFrame(() => list.current?.querySelector('a')?.focus());
        }}
      >
        {toggle}
      </button>
      <ul ref={list} id={menuId} className={menuClass} hidden={!open}>
        {children(close)}
      </ul>
    </div>
  );
}
