/**
 * Statements of reasons and complaints (issue 36 §2, DSA Art. 17 and 20). English source; German in
 * apps/server/src/modules/reference/locales/de-decisions.ts.
 */
export const decisionTexts = {
  decisions: {
    noticeTitle:
      '{type, select, ban {Your account was suspended} topic_closed {A topic of yours was closed} held_rejected {Your held message was not delivered} content_refused {Your message was not sent} application_rejected {Your interlocutor application was not accepted} earnings_reversed {Earnings were taken back} other {Your payout request was rejected}}',
    statementBody:
      'Decision: {decision}\nFacts: {facts}\nRule relied on: {ground}{rule, select, none {} other { (rule {rule})}}\nAutomated means: {automated, select, yes {yes, this decision was made automatically} other {no, a person decided}}\nHow to contest: you can contest this decision free of charge until {until} under Account → My decisions ("Contest this decision"). Another person than the one who decided reviews your complaint and tells you the outcome with reasons.',
    decision: {
      ban: 'Your account was suspended: you cannot sign in or chat.',
      topic_closed: 'A topic you were in was closed: nobody can write in it any more.',
      held_rejected: 'A message held for review was not delivered. Its coins were returned.',
      content_refused: 'A message you wrote was not sent. Nothing was charged.',
      application_rejected: 'Your application to become an interlocutor was not accepted.',
      earnings_reversed: 'Earnings from a conversation were taken back from your balance.',
      payout_rejected: 'Your payout request was rejected. The held coins were returned.',
    },
    facts: {
      ban: 'A moderator found that your account broke the terms of use.',
      topic_closed: 'A moderator closed the topic.',
      held_rejected: 'A moderator reviewed the held message and did not release it.',
      content_refused: 'The message matched a content rule that refuses such text.',
      application_rejected: 'An admin reviewed your application.',
      earnings_reversed: 'A report about a conversation you took part in was upheld.',
      payout_rejected: 'An admin reviewed your payout request.',
    },
    ground: {
      ban: 'Terms of use: conduct towards other people and the law',
      topic_closed: 'Terms of use: conduct in conversations',
      held_rejected: 'Content rules set by the operator',
      content_refused: 'Content rules set by the operator',
      application_rejected: 'Interlocutor requirements in the terms of use',
      earnings_reversed: 'Terms of use: earnings from upheld reports are reversed',
      payout_rejected: 'Payout conditions in the terms of use',
    },
    // Account → My decisions
    tab: 'My decisions',
    intro: 'Decisions Parley made about you, with their reasons. You can contest each one for six months.',
    none: 'No decisions have been made about you.',
    decisionLabel: 'Decision',
    factsLabel: 'Facts',
    groundLabel: 'Rule relied on',
    automatedLabel: 'Automated',
    automatedYes: 'Yes, decided automatically',
    automatedNo: 'No, a person decided',
    decidedOn: 'Decided on {date}',
    contestUntil: 'You can contest this decision until {date}.',
    contestClosed: 'The time to contest this decision has passed.',
    contest: 'Contest this decision',
    complaintText: 'Why should this decision be changed?',
    complaintFile: 'Attach a file (optional)',
    complaintSend: 'Send complaint',
    complaintSent: 'Your complaint was sent. You will be told the outcome.',
    complaintStatus: '{status, select, open {Complaint under review} upheld {Complaint upheld} other {Complaint rejected}}',
    complaintReasons: 'Reasons: {reasons}',
    // Server refusals
    notFound: 'Decision not found',
    windowClosed: 'The time to contest this decision has passed.',
    alreadyContested: 'You have already contested this decision.',
    complaintNotFound: 'Complaint not found',
    complaintDecided: 'This complaint has already been decided.',
    ownDecision: 'You made the contested decision: another admin must decide the complaint.',
    // Outcome notices
    outcomeTitle: '{outcome, select, upheld {Your complaint was upheld} other {Your complaint was rejected}}',
    outcomeBody:
      '{outcome, select, upheld {We reviewed your complaint and changed the decision.} other {We reviewed your complaint and the decision stands.}} Reasons: {reasons}',
    undoneUnbanned: 'Your account is no longer suspended.',
    undoneCoins: '{coins} coins were credited back to your balance.',
    undoneReleased: 'Your held message was delivered.',
    // Admin → Complaints
    adminTitle: 'Complaints',
    adminIntro:
      'Complaints against decisions. Decide each one with reasons before its due date; the person who made the decision may not decide the complaint.',
    adminNone: 'No complaints.',
    adminDue: 'Due {date}',
    adminOverdue: 'Overdue',
    adminOwn: 'Your decision: another admin decides this complaint.',
    adminUphold: 'Uphold',
    adminReject: 'Reject',
    adminReasons: 'Reasons told to the person',
    adminDecided: 'Complaint decided.',
    adminExportJson: 'Export statements (JSON)',
    adminExportCsv: 'Export statements (CSV)',
    adminFile: 'Attached file',
    typeLabel:
      '{type, select, ban {Ban} topic_closed {Topic closed} held_rejected {Held message rejected} content_refused {Message refused by a content rule} application_rejected {Application rejected} earnings_reversed {Earnings reversed} other {Payout rejected}}',
  },
} as const;
