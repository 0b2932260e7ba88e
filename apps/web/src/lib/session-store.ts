import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@rides/contract';
import { openAppModal } from './modal-controller';
import {
  clearStoredSession,
  endsSession,
  evaluateToken,
  readSession,
  writeSession,
  type Session,
} from './session';
import { local } from './storage';

/**
 * The signed-in state, held in localStorage (000 §9) and mirrored here for React.
 * The rules themselves are in session.ts; this file applies them at start, on a timer at expiry,
 * when the tab becomes visible again and when another tab changes the stored token.
 */
let snapshot: Session | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEndReason) => void>();

/**
 * signed-out: by the user; signed-out-everywhere: by the user, for every device (the server refuses every token of theirs
 * from now on); expired: the token ran out; rejected: the server refused it; update-required: no user_id.
 */
type SessionEndReason =
  'signed-out' | 'signed-out-everywhere' | 'expired' | 'rejected' | 'update-required';

function emit() {
  for (const l of listeners) l();
}

function scheduleExpiry(expSeconds: number | null) {
  clearTimeout(expiryTimer);
  if (expSeconds === null) return;
  // setTimeout overflows above 2^31-1 ms (~24.8 days); re-check then.
  const delay = Math.min(Math.max(expSeconds * 1000 - Date.now(), 0) + 500, 2_147_483_000);
  expiryTimer = setTimeout(() => checkSession(true), delay);
}

/** Reads the stored token and applies the rules. `notify` tells listeners when it ended by expiry. */
function checkSession(notify = false): void {
  const stored = readSession(local);
  const state = evaluateToken(stored?.token, Date.now());
  if (endsSession(state)) {
    const hadSession = stored !== null || snapshot !== null;
    clearStoredSession(local);
    scheduleExpiry(null);
    if (snapshot !== null) {
      snapshot = null;
      emit();
    }
    if (hadSession && notify && state.status === 'expired') for (const l of endListeners) l('expired');
    return;
  }
  if (
    stored &&
    (snapshot === null || snapshot.token !== stored.token || snapshot.userName !== stored.userName)
  ) {
    snapshot = stored;
    emit();
  }
  if (state.status === 'needs-update') {
    scheduleExpiry(state.exp);
    openAppModal('updateRequired');
    return;
  }
  if (state.status === 'valid') scheduleExpiry(state.exp);
}

/** Called once at start. */
export function initSession(): void {
  checkSession(false);
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.userName)
      checkSession(false);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkSession(true);
  });
}

export function startSession(s: Session): void {
  writeSession(local, s);
  snapshot = { ...s };
  emit();
  checkSession(false);
}

export function endSession(reason: SessionEndReason = 'signed-out'): void {
  clearStoredSession(local);
  scheduleExpiry(null);
  const had = snapshot !== null;
  snapshot = null;
  if (had) emit();
  for (const l of endListeners) l(reason);
}

/** The bearer token to send, or null. Applies the rules first, so an expired token is never sent. */
export function currentToken(): string | null {
  checkSession(true);
  // A token without user_id is kept only to show the update-required notice (000 §8): the server refuses it, and
  // sending it would answer 401 and replace the notice with the sign-in dialog. Calls go out without it.
  if (snapshot && evaluateToken(snapshot.token, Date.now()).status === 'needs-update') return null;
  return snapshot?.token ?? null;
}

export const getSession = (): Session | null => snapshot;

export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
