import { texts } from '@parley/contracts';
import { AppError } from '../../lib/app-error.js';
import { type UserRow } from './users.table.js';

/**
 * Adults only (issue 15): topping up, chatting with people and applying as an interlocutor need the
 * user's confirmation that they are 18 or older. Sign-up asks for it; an account from before is
 * asked once (403 ADULT_REQUIRED; the web app shows the question and the user tries again).
 */
export function assertAdult(user: Pick<UserRow, 'adult_confirmed_at'>): void {
  if (!user.adult_confirmed_at) throw new AppError('ADULT_REQUIRED', texts.adult.required);
}
