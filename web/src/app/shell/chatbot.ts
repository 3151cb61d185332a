import { ROLE, type RoleId } from '@tessera/domain';
import { useEffect } from 'react';
import { browser } from '../../lib/browser';

/** The support chatbot's script (SPEC §1, §6), set at build time; nothing loads when it is unset. */
export const CHATBOT_URL: string = import.meta.env.VITE_CHATBOT_URL ?? '';
const SCRIPT_ID = 'tessera-chatbot';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** SPEC §1, §6: the chatbot loads only for the order manager (role 3) and never on localhost. */
export function shouldLoadChatbot(options: {
  url: string;
  roleId: RoleId | undefined;
  hostname: string;
}): boolean {
  return options.url !== '' && options.roleId === ROLE.ORDER_MANAGER && !LOCAL_HOSTS.has(options.hostname);
}

/** Adds the chatbot's script once for the users it is meant for. */
export function useChatbot(roleId: RoleId | undefined, url: string = CHATBOT_URL): void {
  useEffect(() => {
    if (!shouldLoadChatbot({ url, roleId, hostname: browser.hostname() })) return;
    if (document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = url;
    script.async = true;
    document.body.appendChild(script);
  }, [roleId, url]);
}
