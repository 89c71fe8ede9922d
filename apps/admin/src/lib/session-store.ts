import type { CaseSettingsResponse, MeResponse } from '@claims/core/admin/admin-api';
import { useSyncExternalStore } from 'react';

/** The signed-in administrator and the case's settings, shared by every page of the console. */
export interface SessionState {
  me: MeResponse | null;
  caseSettings: CaseSettingsResponse | null;
}

const EMPTY: SessionState = { me: null, caseSettings: null };
let state: SessionState = EMPTY;
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signedIn(me: MeResponse): void {
    set({ ...state, me });
  },
  setCaseSettings(caseSettings: CaseSettingsResponse): void {
    set({ ...state, caseSettings });
  },
  clear(): void {
    set(EMPTY);
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
