import { loadManagementActiveCode } from '@plugboard/contract';
import { handleFailure } from '../../../lib/api-client';

/** Reads the selected site and says whether its load management is on (the app wires in the sites feature). */
export type LoadManagementCheck = () => Promise<boolean>;

/**
 * Spec section 4: chargers are added or deleted only while load management is off. Resolves true when the action
 * may go on; otherwise the reminder dialog shows, the same one the api-client shows for a 1506 answer. A failed read
 * of the site (already reported by the api-client) stops the action too.
 */
export async function loadManagementAllows(isActive: LoadManagementCheck): Promise<boolean> {
  let active: boolean;
  try {
    active = await isActive();
  } catch {
    return false;
  }
  if (active) handleFailure(loadManagementActiveCode, '');
  return !active;
}
