import { Outlet } from 'react-router';

/**
 * Wraps every form page in one form (docs/behaviour.md#layout). Its own submit is suppressed:
 * the page blocks decide what Enter and their buttons do, and the browser's validation bubbles
 * are off in favour of the site's messages.
 */
export function FormsLayout() {
  return (
    <form
      className="forms-layout"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <Outlet />
    </form>
  );
}
