import type { MailMessage } from '../../platform/mail';

/**
 * The app's invitation e-mail (issue 35 §8): in Greek and English in one message, since the
 * company does not know the cardholder's language; each half links to the sign-in page in its
 * language with the e-mail filled in (the page sends the one-time code, ADR 046).
 */
export function invitationMail(options: {
  to: string;
  firstName: string;
  companyName: string;
  publicUrl: string;
}): MailMessage {
  const query = `?email=${encodeURIComponent(options.to)}`;
  const el = `${options.publicUrl}/my/sign-in${query}`;
  const en = `${options.publicUrl}/en/my/sign-in${query}`;
  const greeting = options.firstName.trim();
  const text = [
    `${greeting ? `Γεια σας ${greeting},` : 'Γεια σας,'}`,
    '',
    `Η εταιρεία ${options.companyName} σας προσκαλεί στην εφαρμογή καρτών Tessera: δείτε το υπόλοιπο και τις κινήσεις της κάρτας σας, κλειδώστε την αν χαθεί και βρείτε πού γίνεται δεκτή.`,
    'Συνδεθείτε με το e-mail σας και έναν κωδικό μίας χρήσης, χωρίς κωδικό πρόσβασης:',
    el,
    '',
    '---',
    '',
    `${greeting ? `Hello ${greeting},` : 'Hello,'}`,
    '',
    `${options.companyName} invites you to the Tessera card app: see your card's balance and movements, lock it if it is lost and find where it is accepted.`,
    'Sign in with your e-mail and a one-time code, no password needed:',
    en,
  ].join('\n');
  return {
    to: options.to,
    subject: 'Η κάρτα σας στο κινητό · Your card on your phone — Tessera',
    text,
  };
}
