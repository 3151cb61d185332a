/**
 * The part of oidc-provider 8.8.1 the identity module uses. The package ships JavaScript only and
 * @types/oidc-provider would be one more dependency for a handful of signatures.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { EventEmitter } from 'node:events';

  export type AdapterPayload = Record<string, unknown> & {
    consumed?: number;
    grantId?: string;
    userCode?: string;
    uid?: string;
    accountId?: string;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AdapterConstructor = new (name: string) => Adapter;

  export type Interaction = {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    returnTo: string;
  };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export type GrantStatic = {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };

  export type OidcContext = {
    client?: { clientId: string };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: Provider;
  };

  export type KoaContextWithOIDC = {
    oidc: OidcContext;
    host: string;
    type: string;
    body: unknown;
    status: number;
    set(name: string, value: string): void;
    get(name: string): string;
    response: { get(name: string): string; set(name: string, value: string): void };
  };

  export type FindAccount = (
    ctx: KoaContextWithOIDC,
    sub: string,
  ) => Promise<
    { accountId: string; claims(use: string, scope: string): Promise<Record<string, unknown>> } | undefined
  >;

  export default class Provider extends EventEmitter {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    proxy: boolean;
    readonly app: EventEmitter & { proxy: boolean; silent?: boolean };
    readonly Grant: GrantStatic;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }

  export const errors: Record<string, new (...args: never[]) => Error>;
}
