/** localStorage / sessionStorage that never throw (private mode, disabled storage, quota). */
function safe(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function wrap(kind: 'localStorage' | 'sessionStorage') {
  return {
    get(key: string): string | null {
      try {
        return safe(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        safe(kind)?.setItem(key, value);
      } catch {
        /* storage full or disabled: the app keeps working for this visit */
      }
    },
    remove(key: string): void {
      try {
        safe(kind)?.removeItem(key);
      } catch {
        /* ignore */
      }
    },
  };
}

export const local = wrap('localStorage');
export const session = wrap('sessionStorage');
