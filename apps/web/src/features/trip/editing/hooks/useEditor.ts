import { useSession } from '../../../../lib/session-store';

/** Whether the signed-in user is a manager (planner): a manager who is author gets more options (000 §2, §6). */
export function useEditor(): { isManager: boolean } {
  return { isManager: useSession()?.role === 'manager' };
}
