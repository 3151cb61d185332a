import { emailGreeting, localePath, type Locale } from '@tessera/domain';
import type { IdentityContext } from './identity-context';
import { findUserById } from './repository';

/** What the email says of the sign-in: when, from which browser, from which address. */
export type NewDeviceSignIn = {
  /** When the sign-in happened. */
  at: Date;
  /** The browser as the sessions page names it (`Firefox 128 on Windows 10, desktop`). */
  device: string;
  /** The client address, when known. */
  address: string | null;
};

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** A moment as people in Greece read it, whatever the server's time zone (`Δευτέρα 3 Μαρτίου 2026, 14:05`). */
export function athensTime(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', {
    timeZone: 'Europe/Athens',
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(at);
}

/**
 * Mails the user that their account was signed in to from a browser it had not seen (ADR 033),
 * in their language, with a link to their sessions and the advice to change the password if it
 * was not them. Runs after the sign-in has answered; a failure is logged, never shown.
 */
export function sendNewDeviceEmail(ctx: IdentityContext, userId: string, signIn: NewDeviceSignIn): void {
  ctx.inBackground(async () => {
    const user = await findUserById(ctx.db, userId);
    if (!user) return;
    const locale = user.preferredLanguage;
    const emails = (await ctx.deps.content.getEntry('identity-emails', locale)) as Record<
      string,
      { subject: string; text: string } | undefined
    >;
    const template = emails.newDevice;
    if (!template) throw new Error(`identity-emails/${locale} lacks newDevice`);
    const params = {
      greeting: emailGreeting(user.firstName, locale),
      time: athensTime(signIn.at, locale),
      device: signIn.device,
      address: signIn.address ?? (locale === 'el' ? 'άγνωστη' : 'unknown'),
      link: `${ctx.deps.publicUrl}${localePath(locale, '/account/sessions')}`,
      changePasswordLink: `${ctx.deps.publicUrl}${localePath(locale, '/account/change-password')}`,
    };
    await ctx.deps.mailer.send({
      to: user.email,
      subject: fill(template.subject, params),
      text: fill(template.text, params),
    });
  });
}
