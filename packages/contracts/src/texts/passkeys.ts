/**
 * Passkeys (issue 36 §3): Account → Security and sign-in. English source; German in
 * apps/server/src/modules/reference/locales/de-passkeys.ts.
 */
export const passkeyTexts = {
  passkeys: {
    title: 'Passkeys',
    intro:
      'A passkey signs you in with your device’s screen lock or security key, without a password. It also counts as your second factor for payouts and the admin console.',
    none: 'You have no passkeys yet.',
    add: 'Add a passkey',
    addIntro: 'Enter your password, then follow your browser’s steps.',
    password: 'Your password',
    name: 'Passkey name',
    nameHint: 'So you can tell your passkeys apart, e.g. “Laptop”',
    defaultName: 'Passkey {n}',
    added: 'Passkey added.',
    rename: 'Rename',
    save: 'Save',
    renamed: 'Passkey renamed.',
    remove: 'Remove',
    removeConfirm: 'Enter your password to remove the passkey “{name}”.',
    removed: 'Passkey removed.',
    createdAt: 'Added {date}',
    lastUsed: 'Last used {date}',
    neverUsed: 'Not used yet',
    synced: 'Synced between your devices',
    signIn: 'Sign in with a passkey',
    signInInstead: 'Use a passkey instead',
    or: 'or',
    unsupported: 'This browser cannot use passkeys.',
    cancelled: 'The passkey request was cancelled or timed out.',
    failed: 'This passkey could not be verified. Try again.',
    challengeExpired: 'This passkey request expired. Start again.',
    unknownPasskey: 'This passkey is not registered with Parley. Sign in with your password.',
    alreadyRegistered: 'This passkey is already registered.',
    notFound: 'Passkey not found',
    tooMany: 'You can have at most {limit} passkeys.',
    adminMustKeep: 'Admin accounts must keep a second factor: turn on an authenticator app or add another passkey first.',
    appOffPasskeyOn: 'Your passkey is your second factor. You can add an authenticator app as well.',
    recoveryIntro: 'Your first passkey came with ten recovery codes. Each signs you in once as your second factor if you lose your passkey.',
  },
} as const;
