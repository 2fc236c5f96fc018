import type { TextKey } from '@parley/contracts/i18n';

/** German for the server texts added with issue 19 itself (the languages screen): see de.ts. */
export const deServer: Partial<Record<TextKey, string>> = {
  'topics.created': 'Thema erstellt',
  'validation.required': 'Dieses Feld ist erforderlich.',
  'validation.invalid': 'Dieser Wert ist ungültig.',
  'validation.notANumber': '{field} muss eine Zahl sein.',
  'validation.tooLong': '{max, plural, one {Höchstens # Zeichen.} other {Höchstens # Zeichen.}}',
  'validation.tooShort': '{min, plural, one {Mindestens # Zeichen.} other {Mindestens # Zeichen.}}',
  'validation.tooLarge': 'Höchstens {max}.',
  'validation.tooSmall': 'Mindestens {min}.',
  'validation.tooMany': '{max, plural, one {Höchstens # Eintrag.} other {Höchstens # Einträge.}}',
  'validation.tooFew': '{min, plural, one {Mindestens # Eintrag.} other {Mindestens # Einträge.}}',
  'profile.languageUnknown': 'Diese Sprache ist nicht verfügbar.',
  'mail.greeting': 'Hallo {name},',
  'mail.hello': 'Hallo,',
  'mail.signature': '— Dein Parley-Team',
  'mail.verifySubject': 'Bestätige deine E-Mail-Adresse',
  'mail.verifyBody': 'Willkommen bei Parley! Bitte bestätige deine E-Mail-Adresse, indem du diesen Link öffnest:',
  'mail.verifyValidity': 'Der Link ist 24 Stunden gültig. Wenn du dich nicht registriert hast, ignoriere diese E-Mail.',
  'mail.resetSubject': 'Setze dein Parley-Passwort zurück',
  'mail.resetBody': 'Jemand möchte das Passwort deines Parley-Kontos zurücksetzen. Um ein neues Passwort zu wählen, öffne diesen Link:',
  'mail.resetValidity':
    'Der Link ist 60 Minuten gültig und kann einmal verwendet werden. Wenn du das nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
  'mail.takenSubject': 'Jemand wollte sich mit deiner E-Mail-Adresse registrieren',
  'mail.takenBody':
    'Jemand wollte mit dieser E-Mail-Adresse ein Parley-Konto anlegen, aber es gibt bereits eins. Wenn du das warst, melde dich unter {signInLink} an oder setze dein Passwort unter {resetLink} zurück.',
  'mail.takenIgnore': 'Wenn du das nicht warst, kannst du diese E-Mail ignorieren.',
  'mail.failedSignInsSubject': 'Fehlgeschlagene Anmeldungen bei deinem Parley-Konto',
  'mail.failedSignInsBody':
    'Gegen {time} hat jemand versucht, sich mit einem falschen Passwort bei deinem Parley-Konto anzumelden (bisher {count} Mal), von einem Gerät, das noch nie bei diesem Konto angemeldet war. Geräte, mit denen du dich schon angemeldet hast, sind nicht betroffen; alle anderen müssen jetzt immer länger zwischen zwei Versuchen warten.',
  'mail.failedSignInsAdvice':
    'Wenn du das warst, ist nichts zu tun. Wenn nicht, hat dein Passwort gehalten: Wähle ein starkes, das du nirgends sonst verwendest, und schalte die Zwei-Faktor-Anmeldung unter {settingsLink} ein.',
  'admin.translationSyntax': 'Dieser Text ist kein gültiges ICU MessageFormat: Prüfe die Klammern und die plural- oder select-Optionen.',
  'admin.translationParameters': 'Dieser Text verwendet einen Wert, den der englische Text nicht hat. Erlaubt: {allowed}',
  'topics.aiChatTitle': 'Chat mit {name}',
  'terms.title': 'Chat-Regeln',
  'terms.description': 'Bitte lies und akzeptiere die Regeln dieses Chats, bevor du loslegst.',
  'terms.ruleRespect': 'Sei respektvoll zu deinem Gegenüber.',
  'terms.rulePersonalData': 'Teile keine persönlichen Daten wie Telefonnummern, Adressen oder Zahlungsdaten.',
  'terms.ruleSpam': 'Kein Spam, keine Werbung und keine illegalen Inhalte.',
  'terms.ruleCost': 'Nachrichten und Anhänge kosten Coins; die Kosten siehst du vor dem Senden.',
  'terms.ruleReport': 'Du kannst ein Thema oder eine Person jederzeit melden.',
  'admin.englishIsSource': 'Die englischen Texte sind der Quellkatalog und werden im Code geändert (packages/contracts/src/texts.ts), nicht hier.',
};
