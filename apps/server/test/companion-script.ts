/**
 * Twenty scripted messages to the offline companion, English and German mixed: questions, feelings,
 * requests for a recommendation or a joke, small talk (issue 33: the companion answers each in the
 * writer's language, never repeats a reply and says it is a demo only once).
 */
export const companionScript: { text: string; language: 'en' | 'de' }[] = [
  { text: 'Hi! How are you today?', language: 'en' },
  { text: 'Hallo, wie geht es dir?', language: 'de' },
  { text: 'I am so tired today, work was exhausting', language: 'en' },
  { text: 'Ich bin heute ziemlich traurig.', language: 'de' },
  { text: 'Can you recommend a good book?', language: 'en' },
  { text: 'Kannst du mir einen Film empfehlen?', language: 'de' },
  { text: 'Tell me a joke please', language: 'en' },
  { text: 'Erzähl mir einen Witz!', language: 'de' },
  { text: 'My sister is visiting next week', language: 'en' },
  { text: 'Meine Schwester kommt nächste Woche zu Besuch.', language: 'de' },
  { text: 'What music should I listen to?', language: 'en' },
  { text: 'Welche Musik soll ich hören?', language: 'de' },
  { text: 'Do you have a tip for sleeping better?', language: 'en' },
  { text: 'Hast du einen Tipp zum Entspannen?', language: 'de' },
  { text: 'I feel lonely sometimes', language: 'en' },
  { text: 'Ich fühle mich manchmal einsam.', language: 'de' },
  { text: 'Why is the sky blue?', language: 'en' },
  { text: 'Warum ist der Himmel blau?', language: 'de' },
  { text: 'Another joke?', language: 'en' },
  { text: 'Noch einen Witz, bitte!', language: 'de' },
];

/** Words only one of the two languages uses in the companion's replies: a reply in the wrong language has none of its own. */
export const replyLanguageOf = (reply: string): 'en' | 'de' | null => {
  const words = reply.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const de = words.filter((w) =>
    [
      'ich',
      'du',
      'dir',
      'dich',
      'und',
      'ist',
      'nicht',
      'das',
      'ein',
      'eine',
      'einen',
      'mit',
      'von',
      'zu',
      'noch',
      'was',
      'wie',
      'es',
      'dein',
      'deine',
      'deiner',
      'bin',
      'bist',
      'hat',
      'mir',
      'der',
      'die',
    ].includes(w),
  ).length;
  const en = words.filter((w) =>
    [
      'i',
      "i'm",
      'you',
      "you're",
      'the',
      'and',
      'is',
      'a',
      'to',
      'of',
      'it',
      "it's",
      'what',
      'how',
      'your',
      'me',
      'for',
      'that',
      'with',
      'can',
      'by',
      'on',
      'my',
    ].includes(w),
  ).length;
  return de === en ? null : de > en ? 'de' : 'en';
};
