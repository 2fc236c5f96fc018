import { type MailMessage } from '../mail/mailer.js';
import { renderText as t, type LanguageTexts } from '../reference/localization.service.js';

interface Recipient {
  email: string;
  name: string;
}

/** Mail in the recipient's language (issue 19): the catalogue's `mail.*` texts, English where the language lacks one. */
export const verificationMail = (user: Recipient, link: string, language: LanguageTexts): MailMessage => ({
  to: user.email,
  subject: t(language, 'mail.verifySubject'),
  text: `${t(language, 'mail.greeting', { name: user.name })}\n\n${t(language, 'mail.verifyBody')}\n\n${link}\n\n${t(language, 'mail.verifyValidity')}\n\n${t(language, 'mail.signature')}`,
});

export const passwordResetMail = (user: Recipient, link: string, language: LanguageTexts): MailMessage => ({
  to: user.email,
  subject: t(language, 'mail.resetSubject'),
  text: `${t(language, 'mail.greeting', { name: user.name })}\n\n${t(language, 'mail.resetBody')}\n\n${link}\n\n${t(language, 'mail.resetValidity')}\n\n${t(language, 'mail.signature')}`,
});

export const someoneTriedToRegisterMail = (email: string, publicUrl: string, language: LanguageTexts): MailMessage => ({
  to: email,
  subject: t(language, 'mail.takenSubject'),
  text: `${t(language, 'mail.hello')}\n\n${t(language, 'mail.takenBody', { signInLink: `${publicUrl}/auth?form=signin`, resetLink: `${publicUrl}/auth?form=reset` })}\n\n${t(language, 'mail.takenIgnore')}\n\n${t(language, 'mail.signature')}`,
});

/** Failed sign-ins from unknown devices (decision 028): approximate time and count only. */
export const failedSignInsMail = (user: Recipient, burst: { count: number; time: string }, publicUrl: string, language: LanguageTexts): MailMessage => ({
  to: user.email,
  subject: t(language, 'mail.failedSignInsSubject'),
  text: `${t(language, 'mail.greeting', { name: user.name })}\n\n${t(language, 'mail.failedSignInsBody', burst)}\n\n${t(language, 'mail.failedSignInsAdvice', { settingsLink: `${publicUrl}/account` })}\n\n${t(language, 'mail.signature')}`,
});
