/**
 * Payouts of interlocutors: interface texts the specification does not list (issue 19; split by feature, issue 37). English
 * source; German in apps/server/src/modules/reference/locales/de-payouts.ts. Texts that hold a link or an emphasised
 * word name it as a parameter ({terms}, {email}): the screen puts the element there.
 */
export const payoutTexts = {
  payoutUi: {
    yourCoins: 'Your coins',
    coins: '{n} coins',
    availableTitle: 'Earned, can be paid out',
    pendingTitle: 'Earned, pending ({days} days)',
    nextRelease: 'next release {date}',
    otherTitle: 'Bought or bonus coins (not paid out)',
    promoShareTitle: 'Not earned: paid with promotional coins',
    promoShareHint: 'Your share of what people paid with sign-up bonus or promotional coins. Promotional coins never become earnings.',
    historyLabel: 'Payout history',
    historyPages: 'Payout history pages',
    id: 'ID',
    date: 'Date',
    method: 'Method',
    destination: 'Destination',
    amount: 'Amount',
    status: 'Status',
    methodCard: 'Card',
    methodSepa: 'SEPA transfer',
    methodFps: 'UK Faster Payments',
    amountLabel: 'Amount ({symbol})',
    min: 'min {amount}',
    max: 'max {amount}',
    cardNumber: 'Card number',
    iban: 'IBAN',
    accountNumber: 'Account number',
    sortCode: 'Sort code',
    birthDate: 'Birth date',
    firstName: 'First name',
    lastName: 'Last name',
    country: 'Country',
    selectCountry: 'Select a country',
    city: 'City',
    address: 'Address',
    zip: 'ZIP',
  },
};
