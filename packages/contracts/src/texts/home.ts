/**
 * The home page: interface texts the specification does not list (issue 19; split by feature, issue 37). English
 * source; German in apps/server/src/modules/reference/locales/de-home.ts. Texts that hold a link or an emphasised
 * word name it as a parameter ({terms}, {email}): the screen puts the element there.
 */
export const homeTexts = {
  homeUi: {
    eyebrow: 'Anonymous conversations, good vibes only',
    lead: 'Parley is a calm place to talk. Pick a room, open a topic and chat with a real person — or with our friendly AI companion whenever you like.',
    howItWorks: 'How it works',
    bubbleQuestion: 'Hi! What made you smile today?',
    bubbleAnswer: "My neighbour's dog learned to open the gate.",
    bubbleReply: 'Ha! Smart dog. Tell me everything.',
    whyEyebrow: 'Why Parley',
    whyTitle: 'Conversations that feel good',
    anonymousTitle: 'Truly anonymous',
    anonymousText: 'Only your chosen name and avatar colour are shown. Email and phone stay private.',
    peopleTitle: 'Real people or AI',
    peopleText: 'Match with a human in seconds, or switch to our AI companion at any moment.',
    pricesTitle: 'Fair, visible prices',
    pricesText: 'Pay per message with coins. The cost is shown before you press send.',
    safeTitle: 'Safe by design',
    safeText: 'Report a topic or a user with one click. Our team reviews every report.',
    ctaText: 'Thousands of topics, from coffee-break chatter to late-night talks. Jump in — the first coins are on us.',
    closingTitle: 'Someone out there wants to hear your story.',
    closingText: 'Open a room, say hello and see where the conversation takes you.',
    exploreRooms: 'Explore rooms',
    faqEyebrow: 'FAQ',
    faqTitle: 'Frequently asked questions',
  },
};
