/**
 * Signing in to the portal: the OIDC client, portal sessions and the auth routes (ADR 005). The public face of the
 * module: other modules import only from here.
 */
export { createOidcClient } from './oidc-client';
export { authApiRoutes, authRoutes, signInPageRoutes } from './routes';
export { type AuthService, createAuthService } from './service';
export { createPrincipalCache, type PrincipalCache } from './principal-cache';
export { createPortalSessionStore, type PortalSessionStore } from './sessions';
