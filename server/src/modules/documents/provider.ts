/** The provider as its documents name it: the portal's letterhead (`platform/letterhead.ts`). */
export { PROVIDER } from '../../platform/letterhead';
