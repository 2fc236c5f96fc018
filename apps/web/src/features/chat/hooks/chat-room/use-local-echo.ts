import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '../../../../lib/api-client';
import { unsent } from '../../../../lib/drafts';
import { useI18n } from '../../../../lib/i18n';
import { newClientId } from '../../api/send-message';
import { isRefusal, updateSend, withoutSend, type PendingFile, type PendingSend } from '../../utils/local-echo';

/** A send the server refused: the composer puts its text back in the input. */
export class SendRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SendRefusedError';
  }
}

/** What the hook needs to send a message: its text, client id, files and a progress callback for the upload. */
export type SendWithEcho = (content: string, clientId: string, files: File[], onProgress?: (fraction: number) => void) => Promise<unknown>;

const previewOf = (file: File): string | null =>
  file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
const releasePreviews = (item: PendingSend | undefined) => {
  for (const file of item?.files ?? []) if (file.preview) URL.revokeObjectURL(file.preview);
};

/**
 * The sends of one chat screen with local echo (utils/local-echo.ts). Sends go out one after another,
 * so messages are stored in the order they were typed; a failed one waits for Retry or Remove.
 * `sendText` stores the server's message in the conversation; this hook only tracks what is in flight.
 * With a `storeKey` (lib/drafts.ts `unsentKey`), what is not confirmed is kept in localStorage: someone who leaves
 * the chat while a message is failed (or still on its way) finds it again as 'Not sent', with Retry under the same
 * client id — a message the server did store arrives in the conversation and its bubble goes (`unconfirmedSends`).
 */
export function useLocalEcho(sendText: SendWithEcho, storeKey: string | null = null) {
  const { t, localize } = useI18n();
  const [pending, setPending] = useState<PendingSend[]>([]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(pending);
  latest.current = pending;
  const restoredFor = useRef<string | null>(null);
  /** The files of pending sends, by client id, for Retry (kept in memory only: a File cannot be stored). */
  const filesOf = useRef(new Map<string, File[]>());

  // Restore once the account is known: what was left unconfirmed shows as failed, ready for Retry.
  useEffect(() => {
    if (storeKey === null || restoredFor.current === storeKey) return;
    restoredFor.current = storeKey;
    const stored = unsent.read(storeKey);
    if (stored.length === 0) return;
    setPending((list) => [
      ...stored
        .filter((s) => !list.some((p) => p.clientId === s.clientId))
        .map((s): PendingSend => ({ clientId: s.clientId, content: s.content, status: 'failed', reason: t('chatSend.unconfirmedEarlier'), refused: false })),
      ...list,
    ]);
  }, [storeKey, t]);

  // Keep what a Retry can still send; a refused message is back in the input (the draft), not kept twice.
  useEffect(() => {
    if (storeKey === null || restoredFor.current !== storeKey) return;
    unsent.write(
      storeKey,
      pending.filter((p) => !p.refused && (p.files?.length ?? 0) === 0),
    );
  }, [pending, storeKey]);

  /** Done with a send (stored, or removed): its bubble, its files and their previews go. */
  const forget = useCallback((clientId: string) => {
    releasePreviews(latest.current.find((p) => p.clientId === clientId));
    filesOf.current.delete(clientId);
    setPending((list) => withoutSend(list, clientId));
  }, []);

  const describe = useCallback(
    (error: unknown) => (error instanceof ApiError ? localize(error.firstError() ?? error.message) || t('chat.failedSend') : t('chat.failedSend')),
    [localize, t],
  );

  /** Resolves with the refusal's reason, or null once sent (or failed for a reason Retry can fix). */
  const attempt = useCallback(
    (item: PendingSend): Promise<string | null> => {
      const files = filesOf.current.get(item.clientId) ?? [];
      const onProgress = files.length > 0 ? (progress: number) => setPending((list) => updateSend(list, item.clientId, { progress })) : undefined;
      const run = async () => {
        try {
          await sendText(item.content, item.clientId, files, onProgress);
          forget(item.clientId);
          return null;
        } catch (error) {
          const refused = isRefusal(error);
          const reason = describe(error);
          setPending((list) => updateSend(list, item.clientId, { status: 'failed', reason, refused }));
          return refused ? reason : null;
        }
      };
      const result = queue.current.then(run, run);
      queue.current = result;
      return result;
    },
    [sendText, describe, forget],
  );

  /** On Enter (or Send in the files dialog): the bubble is in the DOM before this returns; the promise rejects when the server refuses. */
  const submit = useCallback(
    async (content: string, files: File[] = []) => {
      const item: PendingSend = { clientId: newClientId(), content, status: 'sending', reason: null, refused: false };
      if (files.length > 0) {
        filesOf.current.set(item.clientId, files);
        item.files = files.map((file): PendingFile => ({ name: file.name, preview: previewOf(file) }));
        item.progress = 0;
      }
      flushSync(() => setPending((list) => [...list, item]));
      const refusal = await attempt(item);
      if (refusal !== null) throw new SendRefusedError(refusal);
    },
    [attempt],
  );

  const retry = useCallback(
    (clientId: string) => {
      const item = latest.current.find((p) => p.clientId === clientId);
      if (!item || item.status === 'sending') return;
      setPending((list) => updateSend(list, clientId, { status: 'sending', reason: null, refused: false, ...(item.files ? { progress: 0 } : {}) }));
      void attempt(item);
    },
    [attempt],
  );

  const remove = useCallback((clientId: string) => forget(clientId), [forget]);

  return { pending, submit, retry, remove };
}
