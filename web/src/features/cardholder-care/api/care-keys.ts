/** The query keys of the cardholder-care feature: every read starts with `['cardholder-care']`. */
export const careKeys = {
  all: ['cardholder-care'] as const,
  app: (companyId: string | null, cardholderId: string) =>
    ['cardholder-care', 'app', companyId, cardholderId] as const,
  lookup: (query: string) => ['cardholder-care', 'lookup', query] as const,
};

export const CARDHOLDER_APP_PATH = '/api/v1/accounts/cardholderApp';
export const CARE_PATH = '/api/v1/cardholder-care';
