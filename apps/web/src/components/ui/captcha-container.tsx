import { useEffect, useRef } from 'react';
import { useCaptchaStore } from '../../stores/captcha-store';

/** Where the invisible captcha widget lives; the layouts render it once. */
export function CaptchaContainer() {
  const ref = useRef<HTMLDivElement>(null);
  const mount = useCaptchaStore((state) => state.mount);
  const unmount = useCaptchaStore((state) => state.unmount);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    void mount(element);
    return () => unmount(element);
  }, [mount, unmount]);

  return <div ref={ref} className="captcha-container" data-testid="captcha-container" />;
}
