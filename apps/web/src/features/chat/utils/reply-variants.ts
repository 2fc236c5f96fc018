import { type Message } from '@parley/contracts';

/** A message as the list shows it: one bubble per group of regenerated replies (issue 34), with its siblings. */
export interface ShownMessage {
  message: Message;
  /** Every version of this reply, oldest first (just the message when it was never regenerated). */
  versions: Message[];
}

const groupOf = (message: Message) => message.variant_of ?? message.id;

/**
 * Folds regenerated replies into the bubble of the reply they replace: the group shows where its first version
 * was, with the version chosen (`chosen`: group → message id) or else the newest.
 */
export function foldVariants(messages: Message[], chosen: ReadonlyMap<number, number> = new Map()): ShownMessage[] {
  const groups = new Map<number, Message[]>();
  for (const message of messages) {
    if (message.sender_kind !== 'companion') continue;
    const group = groupOf(message);
    groups.set(group, [...(groups.get(group) ?? []), message]);
  }
  const shown: ShownMessage[] = [];
  for (const message of messages) {
    const versions = message.sender_kind === 'companion' ? groups.get(groupOf(message)) : undefined;
    if (!versions || versions.length === 1) {
      shown.push({ message, versions: [message] });
      continue;
    }
    if (versions[0] !== message) continue;
    const pick = chosen.get(groupOf(message));
    shown.push({ message: versions.find((v) => v.id === pick) ?? versions[versions.length - 1]!, versions });
  }
  return shown;
}
