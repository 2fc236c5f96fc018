import type { TextKey } from '@parley/contracts/i18n';

/** German texts of packages/contracts/src/texts/passkeys.ts (issue 36 §3): see de.ts. */
export const dePasskeys: Partial<Record<TextKey, string>> = {
  'passkeys.title': 'Passkeys',
  'passkeys.intro':
    'Mit einem Passkey meldest du dich über die Bildschirmsperre deines Geräts oder einen Sicherheitsschlüssel an, ohne Passwort. Er zählt auch als zweiter Faktor für Auszahlungen und die Admin-Konsole.',
  'passkeys.none': 'Du hast noch keine Passkeys.',
  'passkeys.add': 'Passkey hinzufügen',
  'passkeys.addIntro': 'Gib dein Passwort ein und folge dann den Schritten deines Browsers.',
  'passkeys.password': 'Dein Passwort',
  'passkeys.name': 'Name des Passkeys',
  'passkeys.nameHint': 'Damit du deine Passkeys auseinanderhalten kannst, z. B. „Laptop“',
  'passkeys.defaultName': 'Passkey {n}',
  'passkeys.added': 'Passkey hinzugefügt.',
  'passkeys.rename': 'Umbenennen',
  'passkeys.save': 'Speichern',
  'passkeys.renamed': 'Passkey umbenannt.',
  'passkeys.remove': 'Entfernen',
  'passkeys.removeConfirm': 'Gib dein Passwort ein, um den Passkey „{name}“ zu entfernen.',
  'passkeys.removed': 'Passkey entfernt.',
  'passkeys.createdAt': 'Hinzugefügt am {date}',
  'passkeys.lastUsed': 'Zuletzt benutzt am {date}',
  'passkeys.neverUsed': 'Noch nicht benutzt',
  'passkeys.synced': 'Zwischen deinen Geräten synchronisiert',
  'passkeys.signIn': 'Mit einem Passkey anmelden',
  'passkeys.signInInstead': 'Stattdessen einen Passkey verwenden',
  'passkeys.or': 'oder',
  'passkeys.unsupported': 'Dieser Browser kann keine Passkeys verwenden.',
  'passkeys.cancelled': 'Die Passkey-Anfrage wurde abgebrochen oder ist abgelaufen.',
  'passkeys.failed': 'Dieser Passkey konnte nicht geprüft werden. Versuch es noch einmal.',
  'passkeys.challengeExpired': 'Diese Passkey-Anfrage ist abgelaufen. Fang noch einmal an.',
  'passkeys.unknownPasskey': 'Dieser Passkey ist bei Parley nicht registriert. Melde dich mit deinem Passwort an.',
  'passkeys.alreadyRegistered': 'Dieser Passkey ist bereits registriert.',
  'passkeys.notFound': 'Passkey nicht gefunden',
  'passkeys.tooMany': 'Du kannst höchstens {limit} Passkeys haben.',
  'passkeys.adminMustKeep':
    'Admin-Konten müssen einen zweiten Faktor behalten: Schalte zuerst eine Authenticator-App ein oder füge einen weiteren Passkey hinzu.',
  'passkeys.appOffPasskeyOn': 'Dein Passkey ist dein zweiter Faktor. Du kannst zusätzlich eine Authenticator-App einrichten.',
  'passkeys.recoveryIntro':
    'Zu deinem ersten Passkey gehören zehn Wiederherstellungscodes. Jeder meldet dich einmal als zweiter Faktor an, falls du deinen Passkey verlierst.',
};
