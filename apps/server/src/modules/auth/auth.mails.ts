import { type MailMessage } from '../mail/mailer.js';

interface Recipient {
  email: string;
  name: string;
}

export const verificationMail = (user: Recipient, link: string): MailMessage => ({
  to: user.email,
  subject: 'Confirm your email address',
  text: `Hi ${user.name},\n\nWelcome to Parley! Please confirm your email address by opening this link:\n\n${link}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this email.\n\n— The Parley team`,
});

export const passwordResetMail = (user: Recipient, link: string): MailMessage => ({
  to: user.email,
  subject: 'Reset your Parley password',
  text: `Hi ${user.name},\n\nSomeone asked to reset the password of your Parley account. To choose a new password, open this link:\n\n${link}\n\nThe link is valid for 60 minutes and can be used once. If it was not you, ignore this email: your password stays as it is.\n\n— The Parley team`,
});

export const someoneTriedToRegisterMail = (email: string, publicUrl: string): MailMessage => ({
  to: email,
  subject: 'Someone tried to sign up with your email',
  text: `Hello,\n\nSomeone tried to create a Parley account with this email address, which already has an account. If it was you, sign in at ${publicUrl}/auth?form=signin or reset your password at ${publicUrl}/auth?form=reset.\n\nIf it was not you, you can ignore this email.\n\n— The Parley team`,
});
