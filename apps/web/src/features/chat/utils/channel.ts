/** Channel status is active while is_channel and channel_expire_at is in the future (spec §4). */
export function isChannelUser(user: { is_channel: boolean; channel_expire_at: string | null } | null | undefined, now: Date = new Date()): boolean {
  if (!user?.is_channel || !user.channel_expire_at) return false;
  const expiry = new Date(user.channel_expire_at);
  return !Number.isNaN(expiry.getTime()) && expiry.getTime() > now.getTime();
}
