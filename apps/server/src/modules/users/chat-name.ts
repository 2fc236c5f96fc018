import { type UserRow } from './users.table.js';

/**
 * Public names. People in a conversation see each other only by chat name: the approved
 * interlocutor nickname, else the name the user picked, else a friendly alias ('Calm Otter').
 * Account names, emails, phones and ids never reach another user.
 */
const adjectives =
  'Calm Bright Gentle Brave Clever Cosy Curious Eager Friendly Gallant Happy Jolly Kind Lively Lucky Mellow Merry Nimble Patient Playful Quiet Quick Rosy Shy Sunny Swift Tidy Witty Wise Zesty Amber Azure Coral Golden Misty Silver Velvet Wandering Dreamy Cheerful'.split(
    ' ',
  );
const animals =
  'Otter Fox Owl Panda Heron Badger Dolphin Falcon Hedgehog Koala Lynx Marten Narwhal Penguin Puffin Quokka Raven Robin Seal Sparrow Squirrel Swan Tiger Turtle Walrus Wolf Wren Yak Zebra Beaver Crane Deer Finch Gecko Ibis Lemur Moose Newt Orca Pelican'.split(
    ' ',
  );

/** A random alias for a new account. `random` returns [0, 1). */
export function generateChatAlias(random: () => number = Math.random): string {
  const pick = (words: string[]) => words[Math.floor(random() * words.length)]!;
  return `${pick(adjectives)} ${pick(animals)}`;
}

/** The alias of an account that has none stored (created before chat names, or by a script): stable per account. */
export function fallbackChatAlias(userId: number): string {
  // Knuth's multiplicative hash spreads neighbouring ids over the word lists.
  const h = Math.imul(userId, 2654435761) >>> 0;
  return `${adjectives[h % adjectives.length]} ${animals[(h >>> 8) % animals.length]}`;
}

export type ChatNameFields = Pick<UserRow, 'id' | 'chat_name' | 'contributor_nickname' | 'is_contributor'>;

/** What other people see of a user. */
export function publicChatName(user: ChatNameFields): string {
  if (user.is_contributor === 1 && user.contributor_nickname) return user.contributor_nickname;
  return user.chat_name ?? fallbackChatAlias(user.id);
}

/** The columns `publicChatName` needs, for selects that join users. */
export const chatNameColumns = ['users.id', 'users.chat_name', 'users.contributor_nickname', 'users.is_contributor'] as const;
