import type { TextKey } from '@parley/contracts/i18n';

/** German texts of packages/contracts/src/texts/chat-safety.ts: see de.ts. */
export const deChatSafety: Partial<Record<TextKey, string>> = {
  'chatSafety.closedByModerator':
    'Eine Moderatorin oder ein Moderator hat dieses Thema nach einer Meldung geschlossen. Den Grund findest du in deinen Benachrichtigungen.',
  'chatSafety.ownerLeaveTitle': 'Dieses Thema schließen?',
  'chatSafety.ownerLeaveIntro': 'Du hast dieses Thema erstellt – wenn du es verlässt, wird es endgültig geschlossen.',
  'chatSafety.ownerLeavePartner': 'Die andere Person wird sofort aus dem Gespräch ausgeschlossen.',
  'chatSafety.ownerLeaveAlone': 'Niemand kann ihm mehr beitreten.',
  'chatSafety.ownerLeaveNoReturn': 'Du kannst nicht zurückkehren.',
  'chatSafety.ownerLeaveNoRefund': 'Die Coins, die du für das Erstellen bezahlt hast, werden nicht erstattet.',
  'chatSafety.ownerKeepOpenHint': 'Wenn es offen bleiben soll, geh stattdessen zurück zu den Räumen: Es bleibt in deinen aktiven Chats.',
  'chatSafety.closeTopic': 'Thema schließen',
  'chatSafety.keepOpen': 'Offen lassen, zurück zu den Räumen',
  'chatSafety.partnerLeaveTitle': 'Diesen Chat verlassen?',
  'chatSafety.partnerLeaveBody':
    'Du verlässt das Gespräch, und es verschwindet aus deinen aktiven Chats. Das Thema bleibt für seine Erstellerin oder seinen Ersteller offen.',
  'chatSafety.reportTopicTitle': 'Dieses Thema melden',
  'chatSafety.reportUserTitle': 'Diese Person melden',
  'chatSafety.reportIntro': 'Sag dem Moderationsteam, was nicht stimmt. Niemandem passiert etwas, bevor jemand aus dem Team es sich angesehen hat.',
  'chatSafety.reasonLabel': 'Grund',
  'chatSafety.reasonPlaceholder': 'Wähle einen Grund',
  'chatSafety.reasonRequired': 'Wähle einen Grund',
  'chatSafety.reasonSpam': 'Spam oder Werbung',
  'chatSafety.reasonHarassment': 'Beleidigungen, Drohungen oder Belästigung',
  'chatSafety.reasonSexual': 'Sexuelle oder anstößige Inhalte',
  'chatSafety.reasonScam': 'Betrug oder Bitte um Geld',
  'chatSafety.reasonMinor': 'Scheint unter 18 zu sein',
  'chatSafety.reasonOther': 'Etwas anderes',
  'chatSafety.detailsLabel': 'Was ist passiert? (optional)',
  'chatSafety.reportNext':
    'Jemand aus dem Moderationsteam liest die letzten Nachrichten dieses Gesprächs und entscheidet. Du bekommst eine Benachrichtigung mit dem Ergebnis und dem Grund; wird der Meldung stattgegeben, bekommst du die Coins zurück, die du im Gespräch mit der gemeldeten Person ausgegeben hast.',
  'chatSafety.sendReport': 'Meldung senden',
};
