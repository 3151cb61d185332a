import { authenticateUser } from './authenticate-user';
import type { IdentityContext, RawHttp } from './identity-context';

/**
 * The sign-in interaction's login (`/user/login?uid=…` posts here): checks the credentials and
 * hands the account to the provider, which continues the authorisation at `redirectTo`.
 */
export async function logInUser(
  ctx: IdentityContext,
  raw: RawHttp,
  uid: string,
  credentials: { email: string; password: string },
): Promise<{ redirectTo: string }> {
  await ctx.interactionOf(raw, uid);
  const user = await authenticateUser(ctx, credentials.email, credentials.password);
  const redirectTo = await ctx.provider.interactionResult(
    raw.req,
    raw.res,
    { login: { accountId: user.id } },
    { mergeWithLastSubmission: false },
  );
  return { redirectTo };
}
