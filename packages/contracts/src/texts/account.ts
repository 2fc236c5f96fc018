/**
 * Sign-up, sign-in and the profile: interface texts the specification does not list (issue 19; split by feature, issue 37). English
 * source; German in apps/server/src/modules/reference/locales/de-account.ts. Texts that hold a link or an emphasised
 * word name it as a parameter ({terms}, {email}): the screen puts the element there.
 */
export const accountTexts = {
  authUi: {
    signInTitle: 'Welcome back',
    signInLead: 'Sign in to continue your conversations.',
    signUpTitle: 'Create your account',
    signUpLead: 'Join Parley and start talking in a minute.',
    resetTitle: 'Reset your password',
    resetLead: 'Enter the email of your account and we will send you a link to choose a new password.',
    signInOrUp: 'Sign in or sign up',
    acceptTerms: 'I accept the {terms} and {privacy}',
    termsLink: 'terms',
    privacyLink: 'privacy policy',
    forgotPassword: 'Forgot password?',
    // Sign-in attempts from this browser wait (decision 028): a valid second factor still gets through.
    signInWithCode: 'Using two-factor sign-in? Sign in with your code now',
    passwordHint: 'At least 8 characters with a lower-case letter, an upper-case letter and a number.',
    verifyTitle: 'Verify your email',
    verifying: 'Verifying your email address',
    verifyingNow: 'Verifying your email address…',
    linkSentTo: 'We sent a confirmation link to {email}. Open it to activate your account.',
    confirmWithLink: 'Please confirm your email address with the link we sent you.',
    notReceived: "Didn't get it? Check your spam folder or send a new link.",
    resendLink: 'Resend confirmation link',
    newPasswordTitle: 'Choose a new password',
    newPasswordLead: 'Use at least 8 characters with a lower-case letter, an upper-case letter and a number.',
    newPasswordFor: 'Choose a new password for {email}.',
    resetPassword: 'Reset password',
    sendResetLink: 'Send reset link',
    backToSignIn: 'Back to sign in',
  },
  profileUi: {
    profile: 'Profile',
    memberSince: 'Member since {date}',
    personalDetails: 'Personal details',
    fullName: 'Name',
    avatarColor: 'Avatar color',
    colorDeepBlue: 'Deep blue',
    colorSoftRed: 'Soft red',
    colorTealBlue: 'Teal blue',
    colorGoldenYellow: 'Golden yellow',
    changePassword: 'Change password',
    currentPassword: 'Current password',
    confirmNewPassword: 'Confirm new password',
    updatePassword: 'Update password',
  },
};
