/** The time zone every date and time of the portal is shown in (ARCHITECTURE §4). */
export const DISPLAY_TIME_ZONE = 'Europe/Athens';
