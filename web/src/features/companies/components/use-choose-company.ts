import { localePath, type CompanySummary } from '@tessera/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useActingChanged } from '../../../lib/acting';
import { COMPANY_SELECT_REDIRECT_MS, selectCompany } from '../../../lib/company-selection';
import type { CompanyData } from '../../../lib/storage';
import { useLocale } from '../../../lib/use-locale';

/**
 * Choosing a company (SPEC §4): store and load it, then the draft count, then home after 500 ms
 * (the chosen company is confirmed meanwhile). While one choice runs the others wait.
 */
export function useChooseCompany() {
  const navigate = useNavigate();
  const locale = useLocale();
  const actingChanged = useActingChanged();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<CompanyData | null>(null);
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  /** Chooses `company`; provider staff give their `reason` (issue 18). True when it was chosen. */
  const choose = async (company: CompanySummary, reason?: string): Promise<boolean> => {
    if (pendingId !== null || chosen !== null) return false;
    setPendingId(company.companyId);
    const data = await selectCompany(company, reason);
    setPendingId(null);
    if (!data) return false;
    // The session now acts for the company (and, for staff, carries the reason: the banner reads it).
    void actingChanged();
    setChosen(data);
    timer.current = window.setTimeout(
      () => void navigate(localePath(locale, '/')),
      COMPANY_SELECT_REDIRECT_MS,
    );
    return true;
  };

  return { choose, pendingId, chosen };
}
