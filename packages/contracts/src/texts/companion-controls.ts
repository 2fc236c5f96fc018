/**
 * Texts of issue 34 §1: stopping, regenerating and copying the AI companion's replies (and any message).
 * English source; German in apps/server/src/modules/reference/locales/de-companion-controls.ts.
 */
export const companionControlTexts = {
  companionControls: {
    stop: 'Stop',
    stopLabel: 'Stop the reply',
    regenerate: 'Regenerate',
    regenerateLabel: 'Regenerate: a new reply to the same message',
    copy: 'Copy',
    copyLabel: 'Copy the message text',
    copied: 'Copied to the clipboard',
    copyFailed: 'Could not copy. Select the text and copy it yourself.',
    previousVersion: 'Previous version',
    nextVersion: 'Next version',
    version: '{current} / {total}',
    nothingToStop: 'The companion is not writing anything right now.',
    replyInProgress: 'Wait until the current reply is finished.',
    onlyLastReply: 'Only the last reply can be written again.',
    notAiChat: 'This chat is not with the AI companion.',
    stopTimedOut: 'The reply could not be stopped right away. It stops in a moment.',
  },
};
