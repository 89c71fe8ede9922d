import type { IconName } from '@fortawesome/fontawesome-svg-core';
import { Icon } from '../../../components/ui/icon';
import { useEffect, useRef, useState } from 'react';
import BootstrapButton from 'react-bootstrap/Button';
import { useNavigationStore } from '../../../stores/navigation-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { useLocalized, type LocalizedText } from '../localized-text';

export const BUTTON_NEEDS_LABEL = 'Either label or icon must have a value.';

export interface ButtonBlockProps {
  label?: LocalizedText;
  icon?: IconName;
  /** The accessible name of an icon-only button. */
  ariaLabel?: LocalizedText;
  variant?: string;
  type?: 'button' | 'submit';
  onClick?: () => unknown;
  /**
   * docs/behaviour.md#fields: the button is disabled while its own action runs unless this is
   * false.
   */
  disableSelf?: boolean;
  disabled?: boolean;
  className?: string;
  id?: string;
  describedBy?: string;
}

/**
 * A button that is disabled while its action, a navigation or the captcha runs, so a claimant
 * cannot send a claim twice by clicking twice (docs/behaviour.md#fields). While busy it is marked
 * aria-disabled and ignores presses instead of taking the disabled attribute, which would
 * drop the keyboard focus to the page body: after a refused sign-in or submission the focus
 * is still on the button, beside the message that says what went wrong.
 */
export function ButtonBlock({
  label,
  icon,
  ariaLabel,
  variant = 'primary',
  type = 'button',
  onClick,
  disableSelf = true,
  disabled = false,
  className,
  id,
  describedBy,
}: ButtonBlockProps) {
  const localize = useLocalized();
  const isNavigating = useNavigationStore((state) => state.isNavigating);
  const captchaRunning = useCaptchaStore((state) => state.inProgress);
  const [running, setRunning] = useState(false);
  // Set at once on a press, before the re-render that shows the button busy.
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (!label && !icon) throw new Error(BUTTON_NEEDS_LABEL);
  if (!label && !ariaLabel) {
    throw new Error(`the icon-only button "${String(icon)}" needs an ariaLabel for screen readers`);
  }

  const busy = running || isNavigating || captchaRunning;

  function isBusy(): boolean {
    return (
      inFlight.current ||
      useNavigationStore.getState().isNavigating ||
      useCaptchaStore.getState().inProgress
    );
  }

  async function handleClick() {
    if (!onClick) return;
    if (disableSelf) {
      inFlight.current = true;
      setRunning(true);
    }
    try {
      await onClick();
    } finally {
      inFlight.current = false;
      if (mounted.current) setRunning(false);
    }
  }

  return (
    <BootstrapButton
      id={id}
      type={type}
      variant={variant}
      className={
        [className, busy && !disabled ? 'disabled' : undefined].filter(Boolean).join(' ') ||
        undefined
      }
      disabled={disabled}
      aria-disabled={busy && !disabled ? true : undefined}
      aria-label={ariaLabel ? localize(ariaLabel) : undefined}
      aria-describedby={describedBy}
      onClick={(event) => {
        if (isBusy()) {
          event.preventDefault();
          return;
        }
        if (onClick) void handleClick();
      }}
    >
      {icon && <Icon icon={icon} aria-hidden="true" className={label ? 'me-2' : undefined} />}
      {label && localize(label)}
    </BootstrapButton>
  );
}
