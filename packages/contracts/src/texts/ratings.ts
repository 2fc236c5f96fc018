/**
 * Ratings and tips (issue 35 §3–§4). English source; German in
 * apps/server/src/modules/reference/locales/de-ratings.ts.
 */
export const ratingTexts = {
  ratings: {
    rateTitle: 'Rate this conversation',
    rateIntro: 'Your rating is anonymous: the other person only sees an average of many ratings, updated once a day.',
    starLabel: '{n, plural, one {# star} other {# stars}}',
    textLabel: 'Anything to add? (optional)',
    submit: 'Send rating',
    thanks: 'Thank you for your rating.',
    alreadyRated: 'You have already rated this conversation.',
    notEnded: 'You can rate this conversation once it has ended.',
    nobodyToRate: 'There is nobody to rate in this conversation.',
    yourRating: 'You rated this conversation {stars} of 5.',
    starsRequired: 'Choose from 1 to 5 stars',
    summaryTitle: 'Your ratings',
    summaryHidden: 'Your average appears once you have {min} ratings. Ratings are updated once a day.',
    summary: '{average} of 5 from {count, plural, one {# rating} other {# ratings}}',
    updated: 'Updated {date}',
    topRated: 'Top rated',
    topRatedHint: 'Top-rated interlocutor',
  },
  tips: {
    tip: 'Tip',
    receivedTitle: 'You received a tip',
    receivedBody:
      'Someone you talked with tipped you. {coins, plural, one {# coin was} other {# coins were}} added to your earnings; they can be paid out once they mature.',
    title: 'Tip your interlocutor',
    intro: 'A tip comes from your balance and goes to your interlocutor. It is anonymous like the conversation.',
    coins: '{coins, plural, one {# coin} other {# coins}}',
    custom: 'Other amount (coins)',
    send: 'Send tip',
    sent: 'Tip sent. Thank you!',
    notAccepted: 'This person does not accept tips.',
    nobodyToTip: 'There is nobody to tip in this conversation.',
    insufficient: 'Not enough coins for this tip',
  },
};
