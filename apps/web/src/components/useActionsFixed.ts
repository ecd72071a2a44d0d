import { useAppStore } from '../store/settings';

/**
 * Where a list's action column sits: pinned to the right edge on a desktop, so edit and delete stay
 * on screen however wide the other columns are; not pinned on a phone, where it would cover the row.
 */
export function useActionsFixed(): 'right' | undefined {
  return useAppStore((s) => (s.device === 'mobile' ? undefined : 'right'));
}
