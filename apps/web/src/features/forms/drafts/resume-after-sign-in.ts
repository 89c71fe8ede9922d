import type { FormType } from '@claims/core/form-types';
import { useNavigationStore } from '../../../stores/navigation-store';
import { restoreForm } from './restore-form';

/**
 * After a sign-in: the member's draft of the form, if the server kept one, is restored and its
 * page opened (docs/behaviour.md#drafts); without one, or when the form no longer has that page,
 * the form goes on to its next page.
 */
export async function continueAfterSignIn(formType: FormType): Promise<void> {
  const navigation = useNavigationStore.getState();
  const restored = await restoreForm(formType);
  const node = navigation.nodes.find((entry) => entry.path === restored.page);
  const page = node?.path.split('/').pop();
  if (node === undefined || page === undefined || page === '' || !node.requiresAuthorization) {
    await navigation.next();
    return;
  }
  await navigation.skipTo(page);
}
