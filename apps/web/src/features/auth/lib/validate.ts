import { emailProblem, passwordProblem, PASSWORD_MAX, USER_NAME_MAX } from '@rides/contract';

/** Client-side checks of 001 §5 / 002 §5, with the contract's validators and the server's keys. */
export function checkEmail(raw: string): string | null {
  return emailProblem(raw);
}

export function checkNewPassword(password: string): string | null {
  if (password.length > PASSWORD_MAX) return 'password_too_long';
  return passwordProblem(password);
}

/** Sign-in only asks for a password: older accounts may have shorter ones; the server decides. */
export function checkLoginPassword(password: string): string | null {
  return password.length === 0 ? 'password_required' : null;
}

export function checkUserName(raw: string): string | null {
  const v = raw.trim();
  if (v.length === 0) return 'user_name_required';
  if (v.length > USER_NAME_MAX) return 'user_name_too_long';
  return null;
}

/** Emails go out trimmed and lower-cased (app_login lowercases; one identity per address). */
export const normaliseEmail = (raw: string): string => raw.trim().toLowerCase();
