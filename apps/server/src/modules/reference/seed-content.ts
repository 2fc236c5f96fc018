/** Demo content for a fresh install. Plain data: no logic here. */
export const seedLanguages = [
  { code: 'en', title: 'English', is_default: 1 },
  { code: 'de', title: 'Deutsch', is_default: 0 },
];

export const seedCurrencies = [
  { code: 'EUR', symbol: '€', value: 1, is_default: 1 },
  { code: 'USD', symbol: '$', value: 1.08, is_default: 0 },
  { code: 'GBP', symbol: '£', value: 0.85, is_default: 0 },
];

export const seedRooms = [
  { title: 'Coffee Break', border_color: 'purple' },
  { title: 'Late Night Talks', border_color: 'blue' },
  { title: 'Books & Stories', border_color: 'teal' },
  { title: 'Music Lovers', border_color: 'pink' },
  { title: 'Travel Tales', border_color: 'orange' },
  { title: 'Movies & Series', border_color: 'red' },
  { title: 'Tech Corner', border_color: 'green' },
  { title: 'Life Advice', border_color: 'yellow' },
];

export const seedBundles = [
  { description: 'Starter — 600 coins', price_cents: 500, points: 600 },
  { description: 'Popular — 1 300 coins', price_cents: 1000, points: 1300 },
  { description: 'Best value — 3 500 coins', price_cents: 2500, points: 3500 },
  { description: 'Pro — 7 500 coins', price_cents: 5000, points: 7500 },
];

export const seedFaqs = [
  {
    question: 'Is my chat really anonymous?',
    answer: '<p>Yes. Your counterpart sees only the name you choose and your avatar colour. We never show your email or phone number to other users.</p>',
  },
  {
    question: 'What do messages cost?',
    answer:
      '<p>Each character of a message costs a small number of coins, and attachments have a fixed price per type. The exact cost is shown next to the input <strong>before</strong> you send.</p>',
  },
  {
    question: 'How do I top up coins?',
    answer:
      '<p>Open <em>My Profile</em> and press <strong>Top Up</strong>. Choose an amount or a bundle and pay by card. Coins arrive as soon as the payment is confirmed.</p>',
  },
  {
    question: 'Who am I talking to?',
    answer:
      '<p>In <strong>Human</strong> mode you are matched with another person. In <strong>AI</strong> mode you talk to our AI companion, which always says it is an AI when asked.</p>',
  },
  {
    question: 'Can I earn coins by chatting?',
    answer:
      '<p>Yes. Apply to become an interlocutor from your profile. Approved interlocutors chat for free, earn a share of what their counterparts pay and can request payouts.</p>',
  },
];

export const seedSocialLinks = [
  { title: 'Instagram', link: 'https://instagram.com/parley.chat', img: '/icons/instagram.svg' },
  { title: 'Facebook', link: 'https://facebook.com/parley.chat', img: '/icons/facebook.svg' },
  { title: 'X', link: 'https://x.com/parleychat', img: '/icons/x.svg' },
];

const legal = (title: string, intro: string, sections: [string, string][]) =>
  `<h2>${title}</h2><p><em>Last updated: 1 November 2026</em></p><p>${intro}</p>` + sections.map(([h, p], i) => `<h3>${i + 1}. ${h}</h3><p>${p}</p>`).join('');

export const seedStaticPages = [
  {
    slug: 'terms',
    title: 'Terms of Service',
    is_terms: 1,
    content: legal('Terms of Service', 'These terms govern your use of Parley, an anonymous paid chat service operated by Parley Communications OÜ.', [
      ['Your account', 'You must be at least 18 years old. Keep your password secret; you are responsible for activity on your account.'],
      [
        'Coins',
        'Coins are a prepaid balance used to pay for messages, attachments, topics and channel status. Coins have no cash value except for approved interlocutors as described in the payout rules.',
      ],
      [
        'Conduct',
        'Do not harass, threaten or deceive other users, share illegal content or personal data of others. We may close topics and suspend accounts that break these rules.',
      ],
      ['Refunds', 'Unused coins bought within the last 14 days can be refunded on request to support, minus coins already spent.'],
      ['Liability', 'The service is provided as is. Nothing in these terms limits rights you have under mandatory consumer law.'],
    ]),
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    is_privacy: 1,
    content: legal('Privacy Policy', 'We process only the data we need to run Parley, and we never sell it.', [
      ['What we collect', 'Your name, email, phone number, payment records and the messages you send in chats.'],
      ['Why', 'To provide the chat, process payments, prevent abuse and meet legal obligations.'],
      ['How long', 'Chat messages are kept for 12 months after a topic closes; payment records for 7 years as required by law.'],
      ['Your rights', 'You may access, correct, export or delete your data by writing to support.'],
    ]),
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie Policy',
    is_cookie: 1,
    content:
      legal('Cookie Policy', 'We use cookies to keep you signed in and, with your consent, to improve the service.', [
        ['Essential', 'Session and security cookies. They are always on.'],
        ['Functionality and customization', 'Remember your language and display choices.'],
        ['Advertising', 'Measure campaigns, only if you accept them in the cookie banner.'],
      ]) +
      '<table><thead><tr><th>Cookie</th><th>Purpose</th><th>Lifetime</th></tr></thead><tbody><tr><td>parley_session</td><td>Keeps you signed in</td><td>14 days</td></tr><tr><td>XSRF-TOKEN</td><td>Protects forms against forgery</td><td>Session</td></tr><tr><td>cookie_consent</td><td>Stores your cookie choice</td><td>365 days</td></tr></tbody></table>',
  },
  {
    slug: 'buyer-terms',
    title: 'Buyer Terms',
    is_buyer_terms: 1,
    content: legal('Buyer Terms', 'These terms apply when you buy coins, bundles, channel status or chat skins.', [
      ['Prices', 'Prices are shown in euros and include VAT where stated at checkout.'],
      ['Payment', 'Payments are processed by our card payment provider. We never see your full card number.'],
      ['Delivery', 'Coins and skins are delivered to your account as soon as the payment is confirmed.'],
    ]),
  },
  {
    slug: 'seller-terms',
    title: 'Interlocutor Terms',
    is_seller_terms: 1,
    content: legal('Interlocutor Terms', 'These terms apply to approved interlocutors who earn coins by chatting.', [
      ['Earnings', 'You earn a share of the coins your counterparts pay in topics you take part in.'],
      ['Payouts', 'Payout requests are processed within 1-3 business days to your card, SEPA account or UK bank account.'],
      ['Taxes', 'You are responsible for declaring your earnings where you live.'],
    ]),
  },
];

/**
 * The crisis page (issue 36 §1): a static page with the reserved slug `crisis`, linked from the footer, the chat
 * menu and every crisis card. Seeded on every install (not demo content); the operator edits it like any page.
 */
export const crisisPage = {
  slug: 'crisis',
  title: 'Crisis help',
  content:
    '<h2>If you are in crisis right now</h2>' +
    '<p>If you are thinking about ending your life or hurting yourself, you are not alone, and you deserve help today. If you are in immediate danger, call your local emergency number now: <strong>112</strong> anywhere in Europe, <strong>911</strong> in the US.</p>' +
    '<h3>Talk to someone now: free and confidential</h3>' +
    '<ul>' +
    '<li><strong>Germany</strong>: TelefonSeelsorge <a href="tel:08001110111">0800 111 0 111</a> or <a href="tel:08001110222">0800 111 0 222</a> or 116 123, 24/7 (<a href="https://www.telefonseelsorge.de">telefonseelsorge.de</a>); for young people: Nummer gegen Kummer 116 111</li>' +
    '<li><strong>Austria</strong>: TelefonSeelsorge <a href="tel:142">142</a>, 24/7; for young people: Rat auf Draht 147</li>' +
    '<li><strong>Switzerland</strong>: Die Dargebotene Hand <a href="tel:143">143</a>, 24/7; for young people: Pro Juventute 147</li>' +
    '<li><strong>United Kingdom</strong>: Samaritans <a href="tel:116123">116 123</a>, 24/7; or text SHOUT to 85258</li>' +
    '<li><strong>United States</strong>: call or text <a href="tel:988">988</a> (988 Suicide &amp; Crisis Lifeline); or text HOME to 741741</li>' +
    '<li><strong>Elsewhere</strong>: <a href="https://findahelpline.com">findahelpline.com</a> lists free helplines in more than 130 countries</li>' +
    '</ul>' +
    '<h3>What can help in the next few minutes</h3>' +
    '<p>Put distance between yourself and anything you could use to hurt yourself. Go to a place where other people are, or call someone you trust and tell them how you feel. Breathe slowly: in for four, out for six. Feelings this strong do pass, even when it does not feel like it.</p>' +
    '<h3>If you are worried about someone you are chatting with</h3>' +
    '<p><strong>Do</strong>: stay calm and kind, take them seriously, listen more than you talk, and ask openly how they are and whether they are safe right now. Encourage them to contact one of the lines above or emergency services, and share this page with them.</p>' +
    '<p><strong>Do not</strong>: judge, argue, joke, promise to keep it secret, or try to be their therapist. Do not share your own contact details. You can report the conversation from the chat menu so our moderators can look at it.</p>' +
    '<h3>How Parley helps</h3>' +
    '<p>When a message suggests someone may be thinking about self-harm or suicide, Parley shows its writer the helplines for their country, privately. Nothing is blocked or charged for it, and the other person is not told. Approved interlocutors see a short guide on how to respond, and our moderators look at the conversation first.</p>',
};

export const demoAccounts = {
  user: { email: 'demo@parley.chat', password: 'DemoPass123', name: 'Demo', surname: 'User', phone: '+37251234567', coins: 5000 },
  admin: { email: 'admin@parley.chat', password: 'AdminPass123', name: 'Admin', surname: 'Parley', phone: '+37251234568', coins: 0 },
};

/**
 * The demo admin's authenticator key (admins must use two-factor sign-in, issue 15): add it to any
 * authenticator app, or print the current code with `npm run demo:code`. Only with the README's
 * demo passwords; with random ones (production) the admin enrols at first sign-in.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'PARLEYDEMOADMINTOTPKEYFORTRYING2';
