import { useSyncExternalStore } from 'react';

/**
 * The app-wide modals (sign-in, registration, reset request, contact, update-required, sign out everywhere, the
 * account's settings) are opened by name
 * from anywhere (features, lib, layout) without importing each other; src/app/AppModals renders them lazily.
 */
/** Props every app-wide modal component receives. */
export interface AppModalProps {
  opened: boolean;
  onClose: () => void;
}

export type AppModalName =
  | 'login'
  | 'register'
  | 'resetRequest'
  | 'contact'
  | 'updateRequired'
  | 'signOutEverywhere'
  /** The signed-in user's own settings (issue 35: their home currency). */
  | 'accountSettings'
  /** "The trip changed meanwhile" (decision 0065): lib/trip-conflict.ts holds the conflict it shows. */
  | 'tripConflict';

let current: AppModalName | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function openAppModal(name: AppModalName): void {
  if (current === name) return;
  // The update-required notice wins: it must be answered before anything else.
  if (current === 'updateRequired' && name !== 'login') return;
  current = name;
  emit();
}

export function closeAppModal(): void {
  if (current === null) return;
  current = null;
  emit();
}

const currentAppModal = (): AppModalName | null => current;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppModal(): AppModalName | null {
  return useSyncExternalStore(subscribe, currentAppModal, () => null);
}
