import { type CrisisHelpline } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import replies from './data/companion-replies.json' with { type: 'json' };
import { recogniseRisk } from './crisis.recogniser.js';
import { crisisCardFor } from './crisis.service.js';

/**
 * What the AI companion needs when the message it answers suggests a risk of self-harm (issue 36 §1): the offline
 * companion's own reply (data/companion-replies.json: care, the helplines, a question about safety; never a joke
 * or a refusal), a note for the model's prompt naming the helplines, and the helplines as a block the model's
 * reply gets when it named none of them.
 */
export interface CompanionCrisisSupport {
  offlineReply: string;
  promptNote: string;
  helplinesBlock: string;
  /** Phone numbers and addresses: a reply that holds one of them named the helplines. */
  markers: string[];
}

type ReplyLanguage = keyof typeof replies;
const isReplyLanguage = (code: string | null | undefined): code is ReplyLanguage => code === 'en' || code === 'de';

function describe(line: CrisisHelpline): string {
  return `• ${[line.name, line.phone, line.text, line.url].filter(Boolean).join(' · ')}`;
}

const pickOf = <T>(list: T[], seed: number) => list[Math.abs(seed) % list.length]!;

/** Null for an ordinary message (the check is the offline recogniser, in memory). */
export async function companionCrisisSupport(
  db: DbOrTrx,
  input: { userId: number; text: string; accountLanguage: string | null; seed: number },
): Promise<CompanionCrisisSupport | null> {
  const recognition = recogniseRisk(input.text);
  if (!recognition.isRisk) return null;
  const language: ReplyLanguage = isReplyLanguage(recognition.language)
    ? recognition.language
    : isReplyLanguage(input.accountLanguage)
      ? input.accountLanguage
      : 'en';
  const set = replies[language];
  const card = await crisisCardFor(db, input.userId);
  const lines = card.helplines.map(describe);
  const helplinesBlock = [set.helplines, ...lines, set.emergency].join('\n');
  return {
    offlineReply: [pickOf(set.openers, input.seed), '', helplinesBlock, '', pickOf(set.closers, input.seed + 1)].join('\n'),
    promptNote:
      "The user's last message suggests they may be thinking about self-harm or suicide. Answer with warmth and care, take it seriously, " +
      'never joke, never refuse, never lecture. Say you are glad they told you, gently ask whether they are safe right now, and give them ' +
      `these helplines, exactly as written:\n${lines.join('\n')}\nAlso say that in immediate danger they should call their local emergency number.`,
    helplinesBlock,
    markers: card.helplines.flatMap((line) => [line.phone, line.text, line.url].filter((value): value is string => Boolean(value))),
  };
}

/** The model's reply, with the helplines added when it named none of them. */
export function withHelplines(reply: string, support: CompanionCrisisSupport): string {
  if (support.markers.some((marker) => reply.includes(marker))) return reply;
  return `${reply.trim()}\n\n${support.helplinesBlock}`;
}

/**
 * The helplines' numbers and addresses out of the content check's reach: contact details are masked in the
 * companion's replies (decision 022), but these are the point of a crisis reply. `restore` puts them back.
 */
export function shieldHelplines(reply: string, support: Pick<CompanionCrisisSupport, 'markers'>) {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const markers = [...new Set(support.markers)].sort((a, b) => b.length - a.length);
  const token = (i: number) => `helplineref${letters[Math.floor(i / 26)]}${letters[i % 26]}`;
  let text = reply;
  markers.forEach((marker, i) => (text = text.split(marker).join(token(i))));
  return {
    text,
    restore: (checked: string) => markers.reduce((out, marker, i) => out.split(token(i)).join(marker), checked),
  };
}
