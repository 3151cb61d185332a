/**
 * Users, their passwords, email codes and the OIDC provider (ADR 005). The public face of the
 * module: other modules import only from here.
 */
export {
  loadSigningKeys,
  mountOidcProvider,
  PORTAL_CLIENT_ID,
  portalClientSecret,
  type ProviderAnswer,
  type ProviderRequester,
} from './oidc-provider';
export { hashPassword, verifyPassword } from './passwords';
export { identityRoutes } from './routes';
export { createIdentityService, type IdentityService } from './service';
export type { AdminActor, WithinTransaction } from './administer-user';
// Issue 21 (ADR 031): the demo seed enrols the provider staff's published second factor.
export { encryptTotpSecret, secondFactorKey } from './second-factor-crypto';
