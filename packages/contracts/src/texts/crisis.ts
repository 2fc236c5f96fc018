/**
 * Texts of issue 36 §1: crisis care. English source; German in
 * apps/server/src/modules/reference/locales/de-crisis.ts.
 */
export const crisisTexts = {
  crisis: {
    cardTitle: 'You are not alone',
    cardIntro:
      'It sounds like things are really hard right now. If you are thinking about hurting yourself, please talk to someone who can help, today. These lines are free and confidential:',
    cardEmergency: 'If you are in immediate danger, call your local emergency number (112 in Europe, 911 in the US).',
    cardPrivate: 'Only you see this. Your conversation goes on as before.',
    cardPageLink: 'More help and what to do now',
    cardClose: 'Close',
    call: 'Call {phone}',
    website: 'Website',
    protocolTitle: 'Your chat partner may be going through a crisis',
    protocolSay:
      'Do: stay calm and kind, take them seriously, listen, ask openly how they are and whether they are safe, and encourage them to contact a helpline or emergency services.',
    protocolAvoid: 'Do not: judge, argue, joke, promise to keep it secret, or try to be their therapist. Do not share your own contact details.',
    protocolPage: 'How to respond (crisis page)',
    protocolDismiss: 'Got it',
    menuItem: 'Crisis help',
    footerLink: 'Crisis help',
  },
};
