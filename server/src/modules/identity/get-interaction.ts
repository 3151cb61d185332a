import type { IdentityContext, RawHttp } from './identity-context';

/** The interaction behind `/user/login?uid=…` (whether it still exists, and its prompt). */
export async function getInteraction(ctx: IdentityContext, raw: RawHttp, uid: string) {
  const details = await ctx.interactionOf(raw, uid);
  const hint = details.params.login_hint;
  return {
    uid: details.uid,
    prompt: details.prompt.name,
    ...(typeof hint === 'string' ? { loginHint: hint } : {}),
  };
}
