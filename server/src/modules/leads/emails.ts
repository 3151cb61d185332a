import type { Lead, Locale } from '@tessera/domain';

/**
 * The two mails of a lead (ADR 024): the receipt to the visitor in the language of the form, and
 * the notice to the sales inbox (in Greek, the sales team's language, with every field).
 */
export function leadReceipt(lead: Lead, locale: Locale): { subject: string; text: string } {
  const isClient = lead.kind === 'client';
  if (locale === 'en') {
    return {
      subject: `We received your request (${lead.reference})`,
      text: [
        `Dear ${lead.contactName},`,
        '',
        isClient
          ? `Thank you for your interest in becoming a Tessera client. Our sales team will contact you within two working days about ${lead.companyName}.`
          : `Thank you for your interest in becoming a Tessera partner merchant. Our sales team will contact you within two working days about ${lead.companyName}.`,
        '',
        `Your reference: ${lead.reference}`,
        '',
        'Tessera',
      ].join('\n'),
    };
  }
  return {
    subject: `Λάβαμε το αίτημά σας (${lead.reference})`,
    text: [
      `Αγαπητέ/ή ${lead.contactName},`,
      '',
      isClient
        ? `Σας ευχαριστούμε για το ενδιαφέρον σας να γίνετε πελάτης της Tessera. Η ομάδα πωλήσεών μας θα επικοινωνήσει μαζί σας εντός δύο εργάσιμων ημερών για την ${lead.companyName}.`
        : `Σας ευχαριστούμε για το ενδιαφέρον σας να γίνετε συνεργαζόμενη επιχείρηση της Tessera. Η ομάδα πωλήσεών μας θα επικοινωνήσει μαζί σας εντός δύο εργάσιμων ημερών για την ${lead.companyName}.`,
      '',
      `Κωδικός αιτήματος: ${lead.reference}`,
      '',
      'Tessera',
    ].join('\n'),
  };
}

export function leadNotice(lead: Lead, backOfficeUrl: string): { subject: string; text: string } {
  const kind = lead.kind === 'client' ? 'Νέος υποψήφιος πελάτης' : 'Νέα υποψήφια συνεργαζόμενη επιχείρηση';
  return {
    subject: `${kind}: ${lead.companyName} (${lead.reference})`,
    text: [
      `${kind} από τη φόρμα της ιστοσελίδας.`,
      '',
      `Επωνυμία: ${lead.companyName}`,
      `ΑΦΜ: ${lead.vat}`,
      `Υπεύθυνος επικοινωνίας: ${lead.contactName}`,
      `Email: ${lead.email}`,
      `Τηλέφωνο: ${lead.phone}`,
      `${lead.kind === 'client' ? 'Αριθμός εργαζομένων' : 'Αριθμός καταστημάτων'}: ${lead.size}`,
      `Γλώσσα: ${lead.locale === 'en' ? 'Αγγλικά' : 'Ελληνικά'}`,
      '',
      lead.message ? `Μήνυμα:\n${lead.message}` : 'Χωρίς μήνυμα.',
      '',
      `Όλα τα αιτήματα: ${backOfficeUrl}`,
    ].join('\n'),
  };
}
