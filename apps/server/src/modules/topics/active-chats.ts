import { type Settings } from '@parley/contracts';
import { isChannelActive } from '../users/users.mapper.js';
import { type UserRow } from '../users/users.table.js';

/** The active-chat rule: 1, or the channel limit while a channel status is active. */
export const maxActiveChats = (user: Pick<UserRow, 'channel_expire_at'>, settings: Settings, now: Date) =>
  isChannelActive(user, now) ? settings.max_channel_topics : 1;
