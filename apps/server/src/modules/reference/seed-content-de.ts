/**
 * German text of the content we seed (issue 33), beside the English in seed-content.ts and store.seed.ts:
 * each entry names the English row it translates. Plain data.
 */
const legal = (title: string, intro: string, sections: [string, string][]) =>
  `<h2>${title}</h2><p><em>Zuletzt aktualisiert: 1. November 2026</em></p><p>${intro}</p>` +
  sections.map(([h, p], i) => `<h3>${i + 1}. ${h}</h3><p>${p}</p>`).join('');

export const germanRooms: Record<string, string> = {
  'Coffee Break': 'Kaffeepause',
  'Late Night Talks': 'Gespräche spät in der Nacht',
  'Books & Stories': 'Bücher & Geschichten',
  'Music Lovers': 'Musikliebhaber',
  'Travel Tales': 'Reisegeschichten',
  'Movies & Series': 'Filme & Serien',
  'Tech Corner': 'Technikecke',
  'Life Advice': 'Lebensrat',
};

export const germanBundles: Record<string, string> = {
  'Starter — 600 coins': 'Starter – 600 Coins',
  'Popular — 1 300 coins': 'Beliebt – 1 300 Coins',
  'Best value — 3 500 coins': 'Bester Preis – 3 500 Coins',
  'Pro — 7 500 coins': 'Profi – 7 500 Coins',
};

export const germanFaqs: Record<string, { question: string; answer: string }> = {
  'Is my chat really anonymous?': {
    question: 'Ist mein Chat wirklich anonym?',
    answer:
      '<p>Ja. Dein Gegenüber sieht nur den Namen, den du wählst, und deine Avatarfarbe. Deine E-Mail-Adresse oder Telefonnummer zeigen wir anderen Nutzern nie.</p>',
  },
  'What do messages cost?': {
    question: 'Was kosten Nachrichten?',
    answer:
      '<p>Jedes Zeichen einer Nachricht kostet ein paar Coins, und Anhänge haben je nach Art einen festen Preis. Die genauen Kosten stehen neben dem Eingabefeld, <strong>bevor</strong> du sendest.</p>',
  },
  'How do I top up coins?': {
    question: 'Wie lade ich Coins auf?',
    answer:
      '<p>Öffne <em>Mein Profil</em> und tippe auf <strong>Aufladen</strong>. Wähle einen Betrag oder ein Paket und bezahle mit Karte. Die Coins kommen an, sobald die Zahlung bestätigt ist.</p>',
  },
  'Who am I talking to?': {
    question: 'Mit wem spreche ich?',
    answer:
      '<p>Im Modus <strong>Mensch</strong> wirst du mit einer anderen Person verbunden. Im Modus <strong>KI</strong> sprichst du mit unserer KI-Begleitung, die immer sagt, dass sie eine KI ist, wenn du fragst.</p>',
  },
  'Can I earn coins by chatting?': {
    question: 'Kann ich mit Chatten Coins verdienen?',
    answer:
      '<p>Ja. Bewirb dich in deinem Profil als Gesprächspartner. Freigeschaltete Gesprächspartner chatten kostenlos, verdienen einen Anteil dessen, was ihr Gegenüber bezahlt, und können Auszahlungen beantragen.</p>',
  },
};

export const germanProducts: Record<string, { name: string; description: string }> = {
  'Ocean Blue': { name: 'Ozeanblau', description: 'Ruhige, tiefblaue Blasen für deine Nachrichten.' },
  'Ruby Red': { name: 'Rubinrot', description: 'Kräftige rote Blasen, die nie übersehen werden.' },
  'Royal Purple': { name: 'Königslila', description: 'Sattes Lila mit einem Hauch von Eleganz.' },
  'Forest Green': { name: 'Waldgrün', description: 'Frische grüne Blasen, angenehm für die Augen.' },
  'Lagoon Teal': { name: 'Lagunentürkis', description: 'Kühle türkisfarbene Blasen für entspannte Chats.' },
  'Sunset Orange': { name: 'Abendrot', description: 'Warme orange Blasen voller Energie.' },
  'Blossom Pink': { name: 'Blütenrosa', description: 'Verspielte rosa Blasen für freundliche Gespräche.' },
  'Golden Hour': { name: 'Goldene Stunde', description: 'Edle goldene Blasen, die in jedem Chat glänzen.' },
  'Graphite Night': { name: 'Graphitnacht', description: 'Elegante dunkle Blasen für Nachteulen.' },
  'Fresh Mint': { name: 'Frische Minze', description: 'Helle Mintblasen mit dunkler Schrift.' },
  'Bold Voice': { name: 'Starke Stimme', description: 'Deine Nachrichten in Fettschrift: sag es selbstbewusst.' },
  'Italic Flair': { name: 'Kursiver Schwung', description: 'Deine Nachrichten kursiv, für einen Hauch von Stil.' },
  'Classic Text': { name: 'Klassischer Text', description: 'Schlichter, normaler Text: der zeitlose Klassiker.' },
};

/** By slug. */
export const germanStaticPages: Record<string, { title: string; content: string }> = {
  crisis: {
    title: 'Krisenhilfe',
    content:
      '<h2>Wenn du gerade in einer Krise bist</h2>' +
      '<p>Wenn du daran denkst, dir das Leben zu nehmen oder dir etwas anzutun, bist du nicht allein, und du verdienst noch heute Hilfe. Wenn du in akuter Gefahr bist, ruf sofort den Notruf an: <strong>112</strong> überall in Europa.</p>' +
      '<h3>Sprich jetzt mit jemandem: kostenlos und vertraulich</h3>' +
      '<ul>' +
      '<li><strong>Deutschland</strong>: TelefonSeelsorge <a href="tel:08001110111">0800 111 0 111</a> oder <a href="tel:08001110222">0800 111 0 222</a> oder 116 123, rund um die Uhr (<a href="https://www.telefonseelsorge.de">telefonseelsorge.de</a>); für junge Menschen: Nummer gegen Kummer 116 111</li>' +
      '<li><strong>Österreich</strong>: TelefonSeelsorge <a href="tel:142">142</a>, rund um die Uhr; für junge Menschen: Rat auf Draht 147</li>' +
      '<li><strong>Schweiz</strong>: Die Dargebotene Hand <a href="tel:143">143</a>, rund um die Uhr; für junge Menschen: Pro Juventute 147</li>' +
      '<li><strong>Vereinigtes Königreich</strong>: Samaritans <a href="tel:116123">116 123</a>, rund um die Uhr; oder SMS mit SHOUT an 85258</li>' +
      '<li><strong>USA</strong>: Anruf oder SMS an <a href="tel:988">988</a> (988 Suicide &amp; Crisis Lifeline); oder SMS mit HOME an 741741</li>' +
      '<li><strong>Anderswo</strong>: <a href="https://findahelpline.com">findahelpline.com</a> listet kostenlose Beratungsstellen in über 130 Ländern</li>' +
      '</ul>' +
      '<h3>Was in den nächsten Minuten helfen kann</h3>' +
      '<p>Bring Abstand zwischen dich und alles, womit du dich verletzen könntest. Geh dorthin, wo andere Menschen sind, oder ruf jemanden an, dem du vertraust, und sag, wie es dir geht. Atme langsam: vier Sekunden ein, sechs aus. So starke Gefühle gehen vorbei, auch wenn es sich gerade nicht so anfühlt.</p>' +
      '<h3>Wenn du dir Sorgen um jemanden im Chat machst</h3>' +
      '<p><strong>Das hilft</strong>: ruhig und freundlich bleiben, es ernst nehmen, mehr zuhören als reden und offen fragen, wie es der Person geht und ob sie gerade in Sicherheit ist. Ermutige sie, sich an eine der Stellen oben oder den Notruf zu wenden, und teile diese Seite mit ihr.</p>' +
      '<p><strong>Das nicht</strong>: urteilen, diskutieren, Witze machen, Geheimhaltung versprechen oder Therapeut spielen. Gib keine eigenen Kontaktdaten weiter. Über das Chatmenü kannst du das Gespräch melden, damit unsere Moderation es sich ansieht.</p>' +
      '<h3>Wie Parley hilft</h3>' +
      '<p>Wenn eine Nachricht darauf hindeutet, dass jemand an Selbstverletzung oder Suizid denkt, zeigt Parley der schreibenden Person privat die Beratungsstellen ihres Landes. Nichts wird blockiert oder zusätzlich berechnet, und das Gegenüber erfährt davon nichts. Freigeschaltete Gesprächspartner sehen eine kurze Anleitung, wie sie reagieren können, und unsere Moderation sieht sich das Gespräch zuerst an.</p>',
  },
  terms: {
    title: 'Nutzungsbedingungen',
    content: legal(
      'Nutzungsbedingungen',
      'Diese Bedingungen regeln deine Nutzung von Parley, einem anonymen, kostenpflichtigen Chatdienst der Parley Communications OÜ.',
      [
        ['Dein Konto', 'Du musst mindestens 18 Jahre alt sein. Halte dein Passwort geheim; du bist für die Aktivitäten in deinem Konto verantwortlich.'],
        [
          'Coins',
          'Coins sind ein vorausbezahltes Guthaben für Nachrichten, Anhänge, Themen und den Kanalstatus. Coins haben keinen Geldwert, außer für freigeschaltete Gesprächspartner nach den Auszahlungsregeln.',
        ],
        [
          'Verhalten',
          'Belästige, bedrohe oder täusche andere Nutzer nicht und teile keine illegalen Inhalte oder persönlichen Daten anderer. Wir können Themen schließen und Konten sperren, die gegen diese Regeln verstoßen.',
        ],
        [
          'Erstattungen',
          'Nicht genutzte Coins, die in den letzten 14 Tagen gekauft wurden, können auf Anfrage beim Support erstattet werden, abzüglich bereits ausgegebener Coins.',
        ],
        [
          'Haftung',
          'Der Dienst wird so bereitgestellt, wie er ist. Nichts in diesen Bedingungen schränkt Rechte ein, die du nach zwingendem Verbraucherrecht hast.',
        ],
      ],
    ),
  },
  privacy: {
    title: 'Datenschutzerklärung',
    content: legal('Datenschutzerklärung', 'Wir verarbeiten nur die Daten, die wir für den Betrieb von Parley brauchen, und verkaufen sie nie.', [
      ['Was wir erheben', 'Deinen Namen, deine E-Mail-Adresse, Telefonnummer, Zahlungsbelege und die Nachrichten, die du in Chats sendest.'],
      ['Warum', 'Um den Chat bereitzustellen, Zahlungen abzuwickeln, Missbrauch zu verhindern und gesetzliche Pflichten zu erfüllen.'],
      ['Wie lange', 'Chatnachrichten werden 12 Monate nach dem Schließen eines Themas aufbewahrt, Zahlungsbelege 7 Jahre, wie es das Gesetz verlangt.'],
      ['Deine Rechte', 'Du kannst deine Daten einsehen, berichtigen, exportieren oder löschen lassen, indem du an den Support schreibst.'],
    ]),
  },
  'cookie-policy': {
    title: 'Cookie-Richtlinie',
    content:
      legal('Cookie-Richtlinie', 'Wir verwenden Cookies, damit du angemeldet bleibst, und mit deiner Einwilligung, um den Dienst zu verbessern.', [
        ['Notwendig', 'Sitzungs- und Sicherheitscookies. Sie sind immer aktiv.'],
        ['Funktion und Anpassung', 'Merken sich deine Sprache und Anzeigeeinstellungen.'],
        ['Werbung', 'Messen Kampagnen, nur wenn du sie im Cookie-Banner akzeptierst.'],
      ]) +
      '<table><thead><tr><th>Cookie</th><th>Zweck</th><th>Laufzeit</th></tr></thead><tbody><tr><td>parley_session</td><td>Hält dich angemeldet</td><td>14 Tage</td></tr><tr><td>XSRF-TOKEN</td><td>Schützt Formulare vor Fälschung</td><td>Sitzung</td></tr><tr><td>cookie_consent</td><td>Speichert deine Cookie-Wahl</td><td>365 Tage</td></tr></tbody></table>',
  },
  'buyer-terms': {
    title: 'Käuferbedingungen',
    content: legal('Käuferbedingungen', 'Diese Bedingungen gelten, wenn du Coins, Pakete, Kanalstatus oder Chat-Skins kaufst.', [
      ['Preise', 'Preise werden in Euro angezeigt und enthalten die Mehrwertsteuer, wo dies beim Bezahlen angegeben ist.'],
      ['Zahlung', 'Zahlungen wickelt unser Kartenzahlungsanbieter ab. Deine vollständige Kartennummer sehen wir nie.'],
      ['Lieferung', 'Coins und Skins werden deinem Konto gutgeschrieben, sobald die Zahlung bestätigt ist.'],
    ]),
  },
  'seller-terms': {
    title: 'Bedingungen für Gesprächspartner',
    content: legal('Bedingungen für Gesprächspartner', 'Diese Bedingungen gelten für freigeschaltete Gesprächspartner, die mit Chatten Coins verdienen.', [
      ['Verdienst', 'Du verdienst einen Anteil der Coins, die dein Gegenüber in Themen bezahlt, an denen du teilnimmst.'],
      ['Auszahlungen', 'Auszahlungsanträge werden innerhalb von 1–3 Werktagen auf deine Karte, dein SEPA-Konto oder dein britisches Bankkonto bearbeitet.'],
      ['Steuern', 'Du bist selbst dafür verantwortlich, deinen Verdienst dort anzugeben, wo du lebst.'],
    ]),
  },
};
