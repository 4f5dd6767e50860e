import {
  CONFIRMATION_ACTION_PARAM,
  CONFIRMATION_ID_PARAM,
} from '../../shared/routing/confirmation-query.ts';

// The query parameters of the confirmation flow (spec 001 §2) and the redirect helpers that keep them live in
// shared/routing/confirmation-query.ts (the guard and the route table need them too).
export {
  CONFIRMATION_ACTION_PARAM,
  CONFIRMATION_ID_PARAM,
  confirmationQuery,
} from '../../shared/routing/confirmation-query.ts';

/** The confirmation actions there are: only LOCATION_INVITE (the contract's CONFIRMATION_ACTIONS). */
export const CONFIRMATION_ACTIONS = ['LOCATION_INVITE'] as const;
export type ConfirmationAction = (typeof CONFIRMATION_ACTIONS)[number];

// The contract's upper bound for ids (a PostgreSQL integer).
const MAX_ID = 2_147_483_647;

/** A confirmation request from the URL: valid (call the server) or not (show the failure without calling). */
export type ConfirmationRequest =
  | { readonly valid: true; readonly action: ConfirmationAction; readonly id: number }
  | { readonly valid: false };

/**
 * The confirmation the URL asks for, or null when it asks for none. `confirmationId` must be a number (spec 001
 * §5): digits only, a positive integer in range; an unknown action is invalid too.
 */
export function readConfirmation(search: URLSearchParams): ConfirmationRequest | null {
  const action = search.get(CONFIRMATION_ACTION_PARAM);
  const rawId = search.get(CONFIRMATION_ID_PARAM);
  if (action === null && rawId === null) return null;
  const id = rawId !== null && /^\d{1,10}$/.test(rawId.trim()) ? Number(rawId.trim()) : NaN;
  if (!(CONFIRMATION_ACTIONS as readonly (string | null)[]).includes(action))
    return { valid: false };
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return { valid: false };
  return { valid: true, action: action as ConfirmationAction, id };
}
