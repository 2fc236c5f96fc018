import { type DbOrTrx } from '../../db/database.js';
import { queueMail } from '../mail/mail.outbox.js';
import { renderText, type LanguageTexts } from '../reference/localization.service.js';
import { type JobContext } from '../jobs/jobs.registry.js';
import { unsubscribeToken } from './push.service.js';

export interface DigestNews {
  topic_id: number;
  chat_mode: 'human' | 'ai';
  room_title: string | null;
  count: number | string | null;
}

/**
 * The digest mail (issue 34 §3): which rooms have news and how much, in the recipient's language,
 * never who wrote or what, nor the recipient's own name. One-click unsubscribe (RFC 8058) by a
 * signed link that needs no sign-in, in the text and in List-Unsubscribe.
 */
export function renderDigest(language: LanguageTexts, ctx: Pick<JobContext, 'config'>, userId: number, news: readonly DigestNews[]) {
  const base = ctx.config.publicUrl;
  const unsubscribeUrl = `${base}/api/notifications/unsubscribe?token=${unsubscribeToken(ctx.config, userId)}`;
  const lines = news.map((n) => {
    const room = n.chat_mode === 'ai' ? renderText(language, 'push.digestAiRoom') : (n.room_title ?? renderText(language, 'push.digestOtherRoom'));
    return `- ${renderText(language, 'push.digestLine', { count: Math.max(1, Number(n.count ?? 1)), room })}`;
  });
  const text = [
    renderText(language, 'mail.hello'),
    '',
    renderText(language, 'push.digestIntro'),
    ...lines,
    '',
    renderText(language, 'push.digestOpen', { link: `${base}/` }),
    '',
    renderText(language, 'push.digestWhy', { link: unsubscribeUrl }),
    '',
    renderText(language, 'mail.signature'),
  ].join('\n');
  return {
    subject: renderText(language, 'push.digestSubject'),
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export async function queueDigestMail(
  trx: DbOrTrx,
  ctx: Pick<JobContext, 'config' | 'clock'>,
  language: LanguageTexts,
  recipient: { id: number; email: string },
  news: readonly DigestNews[],
) {
  await queueMail(trx, ctx.clock, { to: recipient.email, ...renderDigest(language, ctx, recipient.id, news) });
}
