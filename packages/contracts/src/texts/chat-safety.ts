/**
 * Chat texts of issue 33: what leaving and closing a topic do, reporting with a reason, why a
 * topic was closed. English source; German in apps/server/src/modules/reference/locales/de-chat-safety.ts.
 */
export const chatSafetyTexts = {
  chatSafety: {
    closedByModerator: 'A moderator closed this topic after a report. Your notifications say why.',
    ownerLeaveTitle: 'Close this topic?',
    ownerLeaveIntro: 'You created this topic, so leaving it closes it for good.',
    ownerLeavePartner: 'The other person is shut out of the conversation at once.',
    ownerLeaveAlone: 'Nobody can join it any more.',
    ownerLeaveNoReturn: 'You cannot come back to it.',
    ownerLeaveNoRefund: 'The coins you paid to create it are not refunded.',
    ownerKeepOpenHint: 'To keep it open, go back to the rooms instead: it stays in your active chats.',
    closeTopic: 'Close topic',
    keepOpen: 'Keep it open, back to rooms',
    partnerLeaveTitle: 'Leave this chat?',
    partnerLeaveBody: 'You leave the conversation and it disappears from your active chats. The topic stays open for its owner.',
    reportTopicTitle: 'Report this topic',
    reportUserTitle: 'Report this person',
    reportIntro: 'Tell the moderators what is wrong. Nothing happens to anyone until a moderator has looked.',
    reasonLabel: 'Reason',
    reasonPlaceholder: 'Choose a reason',
    reasonRequired: 'Choose a reason',
    reasonSpam: 'Spam or advertising',
    reasonHarassment: 'Insults, threats or harassment',
    reasonSexual: 'Sexual or explicit content',
    reasonScam: 'Fraud or asking for money',
    reasonMinor: 'Seems to be under 18',
    reasonOther: 'Something else',
    detailsLabel: 'What happened? (optional)',
    reportNext:
      'A moderator reads the last messages of this conversation and decides. You get a notice with the outcome and the reason; if the report is upheld, you get back the coins you spent talking with the reported person.',
    sendReport: 'Send report',
  },
} as const;
